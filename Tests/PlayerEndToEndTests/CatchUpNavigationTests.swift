import Exposure
import ExposurePlayback
import TestSupport
import Testing

/// A seek before a channel's seekable window plays the program on air then as catch-up (a new
/// entitlement), and `seekToLive()` from it goes back to the channel's live edge. news-24's
/// schedule repeats every two hours: Morning Briefing at 10:00, Sports Desk (premium) at 9:30.
@Suite(.onItsOwnQueue) struct CatchUpNavigationTests {
    /// 10:15: Morning Briefing, before the 2-h DVR window at 13:20 (it starts at 11:20).
    static let morningBriefing = PlayerHarness.monday1320 - 185 * 60_000
    /// 9:45: Sports Desk, also before the window.
    static let sportsDesk = PlayerHarness.monday1320 - 215 * 60_000

    /// What one run of `player`'s playbacks showed, driven by `step` at each program change
    /// (given how many there were); ends at the first error or at an abort after `step` stopped.
    static func run(
        _ player: Player, _ step: @escaping @Sendable (Player, Int) -> Void
    ) async -> (kinds: [StreamKind?], programs: [Program], errors: [PlayerError]) {
        var events = player.events.makeAsyncIterator()
        player.startPlayback(playable: AssetPlayable(assetId: "news-24"))
        var kinds: [StreamKind?] = []
        var programs: [Program] = []
        var errors: [PlayerError] = []
        var stopped = false
        while let event = await events.next() {
            switch event {
            case .entitlementResponse(let entitlement): kinds.append(entitlement.streamInfo?.kind)
            case .programChanged(let program?):
                programs.append(program)
                step(player, programs.count)
                stopped = stopped || programs.count >= 3
            case .error(let error):
                errors.append(error)
                return (kinds, programs, errors)
            case .playbackAborted where stopped: return (kinds, programs, errors)
            default: break
            }
        }
        return (kinds, programs, errors)
    }

    @Test func aSeekBeforeTheWindowStartsThatProgramAsCatchUpAndGoingLiveReturnsToTheChannel() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let (kinds, programs, errors) = await Self.run(player) { player, count in
            switch count {
            case 1: player.seek(toTime: Self.morningBriefing)
            case 2: player.seekToLive()
            default: player.stop()
            }
        }

        #expect(errors.isEmpty)
        #expect(kinds == [.liveProgram, .catchup, .liveProgram])
        #expect(programs.map { $0.programId.suffix(4) } == ["1300", "1000", "1300"])
    }

    @Test func aCatchUpTheUserMayNotWatchEndsNotEntitled() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player(user: "basic")
        let (kinds, _, errors) = await Self.run(player) { player, count in
            if count == 1 { player.seek(toTime: Self.sportsDesk) } else { player.stop() }
        }

        #expect(kinds == [.liveProgram])
        guard case .exposure(let failure)? = errors.first else {
            Issue.record("expected NOT_ENTITLED, got \(errors)")
            return
        }
        #expect(failure.serverMessage?.message == "NOT_ENTITLED")
    }
}
