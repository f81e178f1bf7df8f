import Exposure
import ExposurePlayback
import Testing

/// Alternate audio and subtitles are really fetched, in the language selected.
@Suite struct RenditionTests {
    @Test func debugPaths() async throws {
        let harness = try PlayerHarness()
        let clock = harness.clock
        let recorder = RecordingTransport { clock.nowMs }
        let player = try await harness.player(streamTransport: recorder)
        player.onPlaybackStarted { player, _ in player.stop() }
        await player.startPlayback(
            playable: AssetPlayable(assetId: "arctic-journey"), properties: PlaybackProperties(language: .custom(text: "sv", audio: "sv"))).value
        print(recorder.paths.prefix(40).joined(separator: "\n"))
    }
}
