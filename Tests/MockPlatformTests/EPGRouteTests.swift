import Clocks
import ExposureModels
import Foundation
import HTTPServer
import MockPlatform
import Testing

@Suite struct EPGRouteTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }

    private var now: Int64 { mock.clock.nowMs() }
    private var today: String { String(ISO8601.string(fromMilliseconds: now).prefix(10)) }

    @Test func thereIsAProgramAtNowOnEveryChannel() throws {
        for channel in ["news-24", "kids-fun", "sport-max"] {
            let epg = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api2 + "/epg/\(channel)/date/\(today)")
            let nowDate = WallTime(millisecondsSince1970: now).date
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
        let epgs = try mock.json(
            [ChannelEpg].self, .get, InProcessPlatform.api2 + "/epg/news-24,kids-fun/date/\(today)?daysBackward=1&daysForward=1")
        #expect(epgs.map(\.channelId) == ["news-24", "kids-fun"])
        #expect(epgs[0].programs.count == 3 * 48)
    }

    @Test func fromToFormReturnsOverlappingPrograms() throws {
        let from = now - 45 * 60_000
        let epg = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=\(from)&to=\(now)")
        #expect((2...3).contains(epg.programs.count))
        #expect(epg.programs.first.map { WallTime($0.startTime!).millisecondsSince1970 <= from } == true)
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
        mock.clock.set(offset: .seconds(30 * 60))
        let after = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=\(now)&to=\(now + 1)").programs[0]
        #expect(after.startTime == before.endTime)
    }

    @Test(arguments: [
        "/epg/news-24/date/2026-13-01", "/epg/news-24/date/yesterday", "/epg/nope/date/2026-01-01",
        "/epg/news-24/program/news-24_209901010000x"
    ])
    func badOrUnknownRequests(path: String) {
        let response = mock.send(.get, InProcessPlatform.api2 + path)
        #expect([400, 404].contains(response.status))
        #expect(["INVALID_PARAMETER", "UNKNOWN_ASSET"].contains(mock.error(of: response).message))
    }

    @Test func fromAfterToIsRejected() {
        let response = mock.send(.get, InProcessPlatform.api1 + "/epg/news-24?from=\(now)&to=\(now - 1)")
        #expect(response.status == 400)
        #expect(mock.error(of: response).message == "INVALID_PARAMETER")
        #expect(mock.error(of: response).extendedMessage?.contains("to must not be before from") == true)
    }

    @Test(arguments: ["from=-1&to=0", "from=0&to=9223372036854775807", "from=-9223372036854775808&to=0", "from=abc&to=1", "from=1&to=1.5"])
    func spansOutsideTheCalendarOrNotWholeNumbersAreRejected(query: String) {
        let response = mock.send(.get, InProcessPlatform.api1 + "/epg/news-24?" + query)
        #expect(response.status == 400)
        #expect(mock.error(of: response).message == "INVALID_PARAMETER")
    }

    /// The official ProgramService asks for the program on air with `from == to`.
    @Test(arguments: [Int64(0), 1, 1_740_000, 1_799_999])
    func sameInstantAnswersTheProgramOnAir(offsetMs: Int64) throws {
        let onAir = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=\(now)&to=\(now)").programs
        let instant = WallTime(try #require(onAir.first?.startTime)).millisecondsSince1970 + offsetMs
        let epg = try mock.json(
            ChannelEpg.self, .get,
            InProcessPlatform.api1 + "/epg/news-24?from=\(instant)&to=\(instant)&onlyPublished=true&pageNumber=1&pageSize=50")
        #expect(epg.programs.count == 1)
        let program = try #require(epg.programs.last)
        #expect(WallTime(program.startTime!).millisecondsSince1970 <= instant && instant < WallTime(program.endTime!).millisecondsSince1970)
        #expect(epg.totalHitsAllChannels == 1)
    }

    /// `FetchEpg(...).channel(id:)` without a filter sends `from=0&to=now`: 56 years, paged.
    @Test func sinceNineteenSeventyIsPagedNotRefused() throws {
        let first = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=0&to=\(now)&pageNumber=1&pageSize=50")
        #expect(first.programs.count == 50)
        #expect(first.programs.first?.startTime == WallTime(millisecondsSince1970: 0).date)
        let total = try #require(first.totalHitsAllChannels)
        #expect(total == Int((now + 1_799_999) / 1_800_000))  // news-24 airs 30-minute programs back to back
        let lastPage = (total + 49) / 50
        let last = try mock.json(
            ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=0&to=\(now)&pageNumber=\(lastPage)&pageSize=50")
        #expect(
            last.programs.last.map {
                WallTime($0.startTime!).millisecondsSince1970 < now && now <= WallTime($0.endTime!).millisecondsSince1970
            } == true)
        let beyond = try mock.json(
            ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/news-24?from=0&to=\(now)&pageNumber=\(lastPage + 1)&pageSize=50")
        #expect(beyond.programs.isEmpty)
    }

    @Test func everyChannelByDateInBothPathForms() throws {
        for path in ["/epg/date/\(today)", "/epg//date/\(today)"] {
            let epgs = try mock.json(
                [ChannelEpg].self, .get, InProcessPlatform.api2 + path + "?pageNumber=1&pageSize=50&daysBackward=0&daysForward=0")
            #expect(epgs.map(\.channelId) == ["news-24", "kids-fun", "sport-max"], "\(path)")
            #expect(epgs.allSatisfy { !$0.programs.isEmpty })
        }
    }

    /// In process the path goes in decoded, as the server hands it on (`%2C` over a socket: ConformanceTests).
    @Test func commaListOnBothVersions() throws {
        let byDate = try mock.json([ChannelEpg].self, .get, InProcessPlatform.api2 + "/epg/news-24,kids-fun/date/\(today)")
        #expect(byDate.map(\.channelId) == ["news-24", "kids-fun"])
        let bySpan = try mock.json([ChannelEpg].self, .get, InProcessPlatform.api1 + "/epg/news-24,sport-max?from=\(now)&to=\(now)")
        #expect(bySpan.map(\.channelId) == ["news-24", "sport-max"])
        #expect(bySpan.allSatisfy { $0.programs.count == 1 })
    }

    @Test func onNowIsTheProgramOnAirAndTheNext() throws {
        let epg = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/kids-fun/onnow")
        #expect(epg.programs.count == 2)
        #expect(epg.programs[0].isOnAir(at: WallTime(millisecondsSince1970: now).date))
        #expect(epg.programs[0].endTime == epg.programs[1].startTime)
    }

    @Test func airingOfAProgram() throws {
        let program = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/sport-max?from=\(now)&to=\(now)").programs[0]
        let airing = mock.send(.get, InProcessPlatform.api2 + "/epg/sport-max/program/\(program.programId)/airing")
        #expect(airing.status == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: airing.body) as? [String: Any])
        #expect(body["id"] as? String == program.programId)
        #expect(body["programs"] as? [String] == [program.programId])
        #expect(body["catchup"] as? Bool == program.catchup)
        #expect(mock.send(.get, InProcessPlatform.api2 + "/epg/news-24/program/\(program.programId)/airing").status == 404)
    }
}
