import Exposure
import ExposurePlayback
import TestSupport
import Testing

@Suite(.onItsOwnQueue) struct VODPlaybackTests {
    @Test func trailerPlaysToCompletedWithEventsInOrder() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        let started = harness.clock.nowMs
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), materialProfile: "TRAILER").value
        let names = log.names.filter { !["bitrateChanged", "durationChanged", "dateRangeMetadataChanged"].contains($0) }
        #expect(
            Array(names.prefix(6)) == [
                "entitlementResponse", "mediaType", "playbackCreated", "playbackPrepared", "playbackReady", "playbackStarted"
            ])
        #expect(names.last == "playbackCompleted")
        #expect(player.duration == .milliseconds(60_000))
        #expect(player.playheadPosition == 60_000)
        // It played in (virtual) real time: a minute, give or take the start-up buffering.
        #expect((60_000...70_000).contains(harness.clock.nowMs - started))
    }

    @Test func stopAborts() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onPlaybackStarted { player, _ in player.stop() }
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey")).value
        #expect(log.names.last == "playbackAborted")
        #expect(!log.names.contains("playbackCompleted"))
    }

    @Test(arguments: [
        (PlaybackProperties.PlayFrom.defaultBehavior, Int64(0)),
        (.beginning, 0),
        (.bookmark, 600_000),
        (.customPosition(position: 120_000), 120_000),
        (.customTime(time: 1_709_287_200_000 + 90_000), 90_000)  // 2024-03-01T10:00Z is the VOD's first PDT
    ])
    func vodStartModes(playFrom: PlaybackProperties.PlayFrom, expected: Int64) async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onPlaybackStarted { player, _ in player.stop() }
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), properties: PlaybackProperties(playFrom: playFrom))
            .value
        #expect(log.warnings.isEmpty)
        #expect(player.playheadPosition == expected)
    }

    @Test func startOutsideTheSeekableRangeWarnsAndUsesTheDefault() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onPlaybackStarted { player, _ in player.stop() }
        await player.startPlayback(
            playable: AssetPlayable(assetId: "arctic-journey"),
            properties: PlaybackProperties(playFrom: .customPosition(position: 99_000_000))
        ).value
        #expect(log.warnings == [.invalidStartTime(startTime: 99_000_000, seekableRange: 0...2_700_000)])
        #expect(player.playheadPosition == 0)
    }

    @Test func fastForwardAndRewindRefusedByContract() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onPlaybackStarted { player, _ in
            player.seek(toPosition: player.playheadPosition + 60_000)
            player.seek(toPosition: 0)
            player.stop()
        }
        await player.startPlayback(
            playable: AssetPlayable(assetId: "masterclass-lecture"),
            properties: PlaybackProperties(playFrom: .customPosition(position: 120_000))
        ).value
        #expect(log.warnings == [.fastForwardDisabled, .rewindDisabled])
        #expect(!log.names.contains("playbackScrubbed"))
    }
}
