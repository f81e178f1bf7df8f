import ExposureModels
import Testing
@testable import MockPlatform

@Suite struct EPGRouteTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }

    private var now: Int64 { mock.clock.nowMs() }
    private var today: String { String(ISO8601Timestamp.string(fromMilliseconds: now).prefix(10)) }

    @Test func thereIsAProgramAtNowOnEveryChannel() throws {
        for channel in ["news-24", "kids-fun", "sport-max"] {
            let epg = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api2 + "/epg/\(channel)/date/\(today)")
            let nowDate = dateFromMs(now)
            #expect(epg.programs.filter { $0.isOnAir(at: nowDate) }.count == 1, "\(channel)")
        }
    }

    @Test func dateFormCoversTheDayBackToBack() throws {
        let epg = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api2 + "/epg/news-24/date/\(today)")
        #expect(epg.programs.count == 48)
        for (previous, next) in zip(epg.programs, epg.programs.dropFirst()) {
            #expect(previous.endTime == next.startTime)
        }
        #expect(epg.totalHitsAllChannels == 48)
    }

    @Test func severalChannelsAnswerAnArray() throws {
        let epgs = try mock.json([ChannelEpg].self, .get, InProcessPlatform.api2 + "/epg/news-24,kids-fun/date/\(today)?daysBackward=1&daysForward=1")
        #expect(epgs.map(\.channelId) == ["news-24", "kids-fun"])
        #expect(epgs[0].programs.count == 3 * 48)
    }

    @Test func fromToFormReturnsOverlappingPrograms() throws {
        let from = now - 45 * 60_000
        let epg = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=\(from)&to=\(now)")
        #expect((2...3).contains(epg.programs.count))
        #expect(epg.programs.first.map { msFromDate($0.startTime!) <= from } == true)
    }

    @Test func programByIdAndNeighbours() throws {
        let epg = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api2 + "/epg/news-24/date/\(today)")
        let middle = epg.programs[10]
        let fetched = try mock.json(Program.self, .get, InProcessPlatform.api2 + "/epg/news-24/program/\(middle.programId)")
        #expect(fetched == middle)
        for prefix in ["/epg/program/", "/epg/news-24/program/"] {
            let next = try mock.json(Program.self, .get, InProcessPlatform.api2 + prefix + middle.programId + "/next")
            let previous = try mock.json(Program.self, .get, InProcessPlatform.api2 + prefix + middle.programId + "/previous")
            #expect(next == epg.programs[11])
            #expect(previous == epg.programs[9])
        }
    }

    @Test func timeTravelMovesNow() throws {
        let before = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=\(now)&to=\(now + 1)").programs[0]
        mock.clock.set(offsetMs: 30 * 60_000)
        let after = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=\(now)&to=\(now + 1)").programs[0]
        #expect(after.startTime == before.endTime)
    }

    @Test(arguments: ["/epg/news-24/date/2026-13-01", "/epg/news-24/date/yesterday", "/epg/nope/date/2026-01-01", "/epg/news-24/program/news-24_209901010000x"])
    func badOrUnknownRequests(path: String) {
        let response = mock.send(.get, InProcessPlatform.api2 + path)
        #expect([400, 404].contains(response.status))
        #expect(["INVALID_PARAMETER", "UNKNOWN_ASSET"].contains(mock.error(of: response).message))
    }

    @Test func fromAfterToIsRejected() {
        #expect(mock.send(.get, InProcessPlatform.api1 + "/epg/news-24?from=\(now)&to=\(now - 1)").status == 400)
    }
}
