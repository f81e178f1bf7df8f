import Exposure
import ExposurePlayback
import Foundation
import TestSupport
import Testing

@Suite(.onItsOwnQueue) struct LivePlaybackTests {
    @Test func liveChannelCrossesProgramBoundaries() async throws {
        // kids-fun: 60- and 30-minute programs, no DVR; start 13:20, watch four changes.
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onProgramChanged { player, _, _ in
            if log.programs.count == 4 { player.stop() }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "kids-fun")).value
        let programs = log.programs
        #expect(programs.count == 4)
        #expect(Set(programs.map(\.programId)).count == 4)
        // Each change happens when the playhead reaches the program's start.
        for (earlier, later) in zip(programs, programs.dropFirst()) {
            #expect(earlier.endTime == later.startTime)
        }
        #expect(log.errors.isEmpty)
        #expect(player.currentProgram?.programId == programs.last?.programId)
    }

    @Test func notEntitledProgramAtABoundaryStopsPlayback() async throws {
        // news-24 for `basic`: Markets until 13:30, then Sports Desk needs premium.
        let harness = try PlayerHarness()
        let player = try await harness.player(user: "basic")
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        #expect(log.programs.count == 1)
        guard case .notEntitled(let status, _)? = log.errors.first else {
            Issue.record("expected NOT_ENTITLED, got \(log.errors)")
            return
        }
        #expect(status == "NOT_ENTITLED")
        #expect(log.names.last == "error")
        let boundary = Int64(PlayerHarness.monday1320 + 10 * 60_000)
        #expect((boundary...(boundary + 10_000)).contains(player.playheadTime ?? 0))
    }

    @Test func pauseRefusedWithoutTimeshift() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onPlaybackStarted { player, _ in
            player.pause()
            player.stop()
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "kids-fun")).value
        #expect(log.warnings == [.timeshiftDisabled])
        #expect(!log.names.contains("playbackPaused"))
    }

    @Test func liveStartsAtTheLiveEdgeByDefault() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        player.onPlaybackStarted { player, _ in player.stop() }
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        let lag = harness.clock.nowMs - (player.playheadTime ?? 0)
        #expect((4_000...12_000).contains(lag))
        #expect(player.duration == nil)
        #expect((player.seekableTimeRange.map { $0.upperBound - $0.lowerBound } ?? 0) > 7_000_000)
    }

    @Test func liveBeginningStartsAtTheProgramStart() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        player.onPlaybackStarted { player, _ in player.stop() }
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24"), properties: PlaybackProperties(playFrom: .beginning)).value
        #expect(player.playheadTime == PlayerHarness.monday1320 - 20 * 60_000)
    }

    @Test func liveCustomTimeInsideAndOutsideTheWindow() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onPlaybackStarted { player, _ in player.stop() }
        let inside = PlayerHarness.monday1320 - 45 * 60_000
        await player.startPlayback(
            playable: AssetPlayable(assetId: "news-24"), properties: PlaybackProperties(playFrom: .customTime(time: inside))
        ).value
        #expect(player.playheadTime == inside)
        let outside = PlayerHarness.monday1320 - 5 * 3_600_000
        await player.startPlayback(
            playable: AssetPlayable(assetId: "news-24"), properties: PlaybackProperties(playFrom: .customTime(time: outside))
        ).value
        guard case .invalidStartTime(let start, _)? = log.warnings.first else {
            Issue.record("expected invalidStartTime, got \(log.warnings)")
            return
        }
        #expect(start == outside)
    }

    @Test func seekToTimeAndBackToLive() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        let target = PlayerHarness.monday1320 - 30 * 60_000
        player.onPlaybackStarted { player, _ in player.seek(toTime: target) }
        player.onPlaybackScrubbed { player, _, _ in
            if log.names.filter({ $0 == "playbackScrubbed" }).count == 1 { player.seekToLive() } else { player.stop() }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "news-24")).value
        // The seek back changed the program (World Report at 12:50), going live changed it back.
        #expect(log.programs.map { $0.programId.suffix(4) } == ["1300", "1230", "1300"])
    }
}
