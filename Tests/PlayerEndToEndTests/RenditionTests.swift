import Exposure
import ExposurePlayback
import TestSupport
import Testing

/// Alternate audio and subtitles are really fetched, in the language selected; video
/// variants in the mock carry no audio, so without this the player would play silence.
@Suite(.onItsOwnQueue) struct RenditionTests {
    /// Segment paths of the reel's `audio/sv`, `subtitles/en`, … folders.
    static func segments(_ recorder: RecordingTransport, _ folder: String) -> [String] {
        recorder.requests(containing: "/media/reel/\(folder)/").map(\.path)
    }

    @Test func requestedLanguagesAreFetchedToTheEnd() async throws {
        let harness = try PlayerHarness()
        let clock = harness.clock
        let recorder = RecordingTransport { clock.nowMs }
        let player = try await harness.player(streamTransport: recorder)
        let log = EventLog(player, clock: clock)
        await player.startPlayback(
            playable: AssetPlayable(assetId: "arctic-journey"), properties: PlaybackProperties(language: .custom(text: "sv", audio: "sv")),
            materialProfile: "TRAILER"
        ).value
        #expect(log.names.last == "playbackCompleted")
        let video = recorder.requests(containing: "/media/reel/video/").count
        // Every segment of the 60 s trailer, in Swedish audio and subtitles, none in English.
        #expect(video == 30)
        #expect(Self.segments(recorder, "audio/sv").count == video)
        #expect(Self.segments(recorder, "subtitles/sv").count == video)
        #expect(Self.segments(recorder, "audio/en").isEmpty && Self.segments(recorder, "subtitles/en").isEmpty)
    }

    @Test func aLanguageSwitchFetchesTheOtherLanguageFromThePlayhead() async throws {
        let harness = try PlayerHarness()
        let clock = harness.clock
        let recorder = RecordingTransport { clock.nowMs }
        let player = try await harness.player(streamTransport: recorder)
        // English by default. At the start 4 s are buffered; a seek inside them moves the
        // playhead to 3 s without refetching, and the switch to Swedish happens right there.
        player.onPlaybackStarted { player, _ in player.seek(toPosition: 3_000) }
            .onPlaybackScrubbed { player, _, _ in player.selectAudio(language: "sv") }
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey"), materialProfile: "TRAILER").value
        #expect(player.selectedAudioLanguage == "sv")
        let paths = recorder.paths
        let switched = try #require(paths.firstIndex { $0.hasSuffix("/audio/sv.m3u8") })
        #expect(Self.segments(recorder, "audio/en").map { String($0.suffix(10)) } == ["seg-000.ts", "seg-001.ts"])
        // Swedish from the segment holding the playhead (3 s: segment 1) to the end; no more English.
        let swedish = Self.segments(recorder, "audio/sv")
        #expect(swedish.first?.hasSuffix("seg-001.ts") == true)
        #expect(swedish.count == 29)
        #expect(!paths[switched...].contains { $0.contains("/media/reel/audio/en/") })
    }
}
