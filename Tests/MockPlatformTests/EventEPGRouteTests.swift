import Clocks
import ExposureModels
import Foundation
import HTTPServer
import MockPlatform
import Testing

/// The EPG of a live event, under the id its entitlement names as `streamInfo.channelId`
/// (summer-concert: live 90 minutes every two hours; the clock starts at an occurrence's start).
@Suite struct EventEPGRouteTests {
    let mock: InProcessPlatform
    init() throws { mock = try InProcessPlatform() }

    private var now: Int64 { mock.clock.nowMs() }
    private let event = "summer-concert"

    /// The official ProgramService's lookup, query as it sends it.
    private func programsAt(_ instant: Int64) throws -> ChannelEpg {
        try mock.json(
            ChannelEpg.self, .get,
            InProcessPlatform.api1 + "/epg/\(event)?from=\(instant)&onlyPublished=true&pageNumber=1&pageSize=50&to=\(instant)")
    }

    @Test func theEntitlementAndTheEPGNameTheSameOccurrence() throws {
        mock.clock.set(offset: .seconds(30 * 60))
        let token = try mock.login()
        let play = try mock.json(PlaybackEntitlement.self, .get, InProcessPlatform.api2 + "/entitlement/\(event)/play", token: token)
        let streamInfo = try #require(play.streamInfo)
        let channelId = try #require(streamInfo.channelId)
        let epg = try programsAt(now)
        #expect(epg.channelId == channelId && epg.programs.count == 1 && epg.totalHitsAllChannels == 1)
        let program = try #require(epg.programs.last)
        #expect(program.programId == streamInfo.programId)
        #expect(program.startTime.map { WallTime($0).millisecondsSince1970 } == streamInfo.start.map { $0 * 1000 })
        #expect(program.endTime.map { WallTime($0).millisecondsSince1970 } == streamInfo.end.map { $0 * 1000 })
        #expect(program.asset?.assetId == event && program.assetId == event)
        // The check the ProgramService makes at a boundary asks about the program's asset.
        let check = try mock.json(
            EntitlementValidation.self, .get,
            InProcessPlatform.api2 + "/entitlement/\(program.assetId)/entitle?time=\(ISO8601.string(fromMilliseconds: now))",
            token: token)
        #expect(check.status == "SUCCESS")
    }

    @Test func betweenOccurrencesTheLookupAnswersNoProgram() throws {
        let epg = try programsAt(now + 100 * 60_000)
        #expect(epg.programs.isEmpty && epg.totalHitsAllChannels == 0)
    }

    @Test func byDateTheDaysOccurrences() throws {
        let today = String(ISO8601.string(fromMilliseconds: now).prefix(10))
        let epg = try mock.json(
            ChannelEpg.self, .get,
            InProcessPlatform.api2 + "/epg/\(event)/date/\(today)?daysBackward=0&daysForward=0&pageNumber=1&pageSize=50")
        #expect(epg.programs.count == 12 && epg.totalHitsAllChannels == 12)
        #expect(epg.programs.allSatisfy { $0.channelId == event && $0.assetId == event })
        let all = try mock.json([ChannelEpg].self, .get, InProcessPlatform.api2 + "/epg//date/\(today)")
        #expect(!all.map(\.channelId).contains(event), "every channel means the catalog's channels")
    }

    @Test func programNeighboursAndAiringInEveryPathForm() throws {
        let program = try #require(try programsAt(now).programs.first)
        #expect(try mock.json(Program.self, .get, InProcessPlatform.api2 + "/epg/\(event)/program/\(program.programId)") == program)
        for prefix in ["/epg/program/", "/epg/\(event)/program/"] {
            let next = try mock.json(Program.self, .get, InProcessPlatform.api2 + prefix + program.programId + "/next")
            let previous = try mock.json(Program.self, .get, InProcessPlatform.api2 + prefix + program.programId + "/previous")
            #expect(next.startTime == program.startTime.map { $0 + 7_200 }, "\(prefix)")
            #expect(previous.startTime == program.startTime.map { $0 - 7_200 }, "\(prefix)")
        }
        let airing = mock.send(.get, InProcessPlatform.api2 + "/epg/\(event)/program/\(program.programId)/airing")
        #expect(airing.status == 200)
    }

    @Test func onNowLiveAndBetweenOccurrences() throws {
        let live = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/\(event)/onnow")
        #expect(live.programs.map { $0.startTime.map { WallTime($0).millisecondsSince1970 } } == [now, now + 7_200_000])
        mock.clock.set(offset: .seconds(100 * 60))
        let gap = try mock.json(ChannelEpg.self, .get, InProcessPlatform.api1 + "/epg/\(event)/onnow")
        #expect(gap.programs.map { $0.startTime.map { WallTime($0).millisecondsSince1970 } } == [now + 20 * 60_000])
    }

    @Test(arguments: [
        "/epg/\("summer-concert")/program/summer-concert_202611301330", "/epg/news-24/program/summer-concert_202611301200",
        "/epg/arctic-journey/date/2026-11-30"
    ])
    func foreignOrMisplacedIdsAreUnknown(path: String) {
        let response = mock.send(.get, InProcessPlatform.api2 + path)
        #expect(response.status == 404)
        #expect(mock.error(of: response).message == "UNKNOWN_ASSET")
    }
}
