import Exposure
import ExposurePlayback
import TestSupport
import Testing

/// `seek(toTime:)` into another program asks the entitlement question before it moves.
@Suite(.onItsOwnQueue) struct SeekEntitlementTests {
    /// 11:45 on news-24: "Sports Desk" (premium only), inside the 2-h DVR window at 13:20.
    static let sportsDesk = PlayerHarness.monday1320 - 95 * 60_000

    @Test func aSeekIntoAProgramTheUserMayNotWatchStopsBeforeMoving() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player(user: "basic")
        let log = EventLog(player, clock: harness.clock)
        player.onProgramChanged { player, _, _ in player.seek(toTime: Self.sportsDesk) }
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        guard case .notEntitled(let status, _)? = log.errors.first else {
            Issue.record("expected NOT_ENTITLED, got \(log.names)")
            return
        }
        #expect(status == "NOT_ENTITLED")
        #expect(!log.names.contains("playbackScrubbed"))
        #expect(log.names.last == "error" && log.names.filter { $0 == "playbackAborted" }.isEmpty)
    }

    @Test func anAllowedSeekIsCheckedOnceAndLands() async throws {
        let harness = try PlayerHarness()
        let clock = harness.clock
        let recorder = RecordingTransport { clock.nowMs }
        let player = try await harness.player(apiTransport: recorder)
        let log = EventLog(player, clock: harness.clock)
        player.onProgramChanged { player, _, _ in
            if log.programs.count == 1 { player.seek(toTime: Self.sportsDesk) } else { player.stop() }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        #expect(log.names.contains("playbackScrubbed") && log.errors.isEmpty)
        #expect(log.programs.count == 2)
        #expect(recorder.requests(containing: "news-24/entitle").count == 1)
    }
}
