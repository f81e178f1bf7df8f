import Clocks
import Exposure
import ExposurePlayback
import Foundation
import Testing

/// The program service against a transport double: EPG and entitlement checks as scripted answers.
@Suite struct ProgramServiceTests {
    static let environment = Environment(baseUrl: "http://test", customer: "C", businessUnit: "B")
    static let hour: Duration = .seconds(3_600)
    static let base = WallTime(millisecondsSince1970: 1_772_456_400_000)  // 2026-03-02T13:00:00Z

    static func date(_ time: WallTime) -> Date { time.date }

    /// "a" 13:00–14:00, a gap to 14:30, "b" 14:30–15:30.
    static func service(check: Bool, transport: ScriptedTransport) -> ProgramService {
        transport.answer(
            "/epg/ch",
            json: ChannelEpg(
                channelId: "ch",
                programs: [
                    Program(programId: "a", assetId: "a_asset", channelId: "ch", startTime: date(base), endTime: date(base + hour)),
                    Program(
                        programId: "b", assetId: "b_asset", channelId: "ch", startTime: date(base + hour * 3 / 2),
                        endTime: date(base + hour * 5 / 2))
                ]))
        let token = SessionToken(value: "t")
        return ProgramService(
            channelId: "ch", assetId: "ch", entitlementCheck: check, epg: FetchEpg(environment: environment, transport: transport),
            entitlement: Entitlement(environment: environment, sessionToken: token, transport: transport))
    }

    static func names(_ update: ProgramService.Update) -> [String] {
        update.events.map(\.name)
    }

    @Test func programsChangeAtBoundariesAndAGapWarnsOnce() async {
        let transport = ScriptedTransport()
        let service = Self.service(check: false, transport: transport)
        #expect(Self.names(await service.follow(playheadTime: Self.base + .milliseconds(60_000))) == ["programChanged"])
        #expect(await service.follow(playheadTime: Self.base + .milliseconds(120_000)).events.isEmpty)
        #expect(service.nextBoundary(after: Self.base + .milliseconds(120_000)) == Self.base + Self.hour)
        #expect(Self.names(await service.follow(playheadTime: Self.base + Self.hour + .milliseconds(1))) == ["warning"])
        #expect(await service.follow(playheadTime: Self.base + Self.hour + .milliseconds(60_000)).events.isEmpty)
        let b = await service.follow(playheadTime: Self.base + Self.hour * 3 / 2)
        guard case .programChanged(let program)? = b.events.first else {
            Issue.record("\(b.events)")
            return
        }
        #expect(program?.programId == "b" && service.currentProgram?.programId == "b")
        // One EPG load covers all of it; no entitlement checks were asked for.
        #expect(transport.paths.filter { $0.contains("/epg/") }.count == 1 && !transport.paths.contains { $0.contains("entitle") })
    }

    @Test func aBoundaryCheckThatSaysNoStopsAndOneThatFailsWarns() async {
        let transport = ScriptedTransport()
        let service = Self.service(check: true, transport: transport)
        transport.answer("/entitlement/ch/entitle", json: EntitlementValidation(status: "NOT_ENTITLED"))
        _ = await service.follow(playheadTime: Self.base)
        let refused = await service.follow(playheadTime: Self.base + Self.hour * 3 / 2)
        guard case .notEntitled(let status, let programId)? = refused.stop else {
            Issue.record("\(refused)")
            return
        }
        #expect(status == "NOT_ENTITLED" && programId == "b" && refused.events.isEmpty)

        let failing = ScriptedTransport()
        let tolerant = Self.service(check: true, transport: failing)
        _ = await tolerant.follow(playheadTime: Self.base)
        // No entitle answer is scripted: the check itself fails, playback goes on with a warning.
        let warned = await tolerant.follow(playheadTime: Self.base + Self.hour * 3 / 2)
        #expect(warned.stop == nil && Self.names(warned) == ["warning", "programChanged"])
    }

    @Test func anUnreachableEPGIsAWarning() async {
        let transport = ScriptedTransport()
        let token = SessionToken(value: "t")
        let service = ProgramService(
            channelId: "none", assetId: "none", entitlementCheck: false, epg: FetchEpg(environment: Self.environment, transport: transport),
            entitlement: Entitlement(environment: Self.environment, sessionToken: token, transport: transport))
        guard case .epgUnavailable? = await service.ensureLoaded(around: Self.base) else {
            Issue.record("expected a warning")
            return
        }
    }
}
