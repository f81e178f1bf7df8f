import HLS
import Testing

/// Two cases met on the mock's real streams: audio-only variants (a podcast, or the audio-only
/// fallback of a video stream) and a live reload so late that no segment is in both loads.
@Suite("Validator: audio-only variants and late reloads")
struct AudioOnlyAndLateReloadTests {
    @Test("an audio-only variant needs no RESOLUTION or FRAME-RATE")
    func audioOnlyVariant() {
        let text = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=140000,AVERAGE-BANDWIDTH=130000,CODECS=\"mp4a.40.2\"\naudio/en.m3u8\n"
        #expect(HLSValidator.validate(masterText: text).isEmpty)
    }

    @Test("a video variant still needs them", arguments: ["avc1.64001f,mp4a.40.2", "hvc1.1.6.L93.B0", "unknown.1"])
    func videoVariant(codecs: String) {
        let text = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=140000,AVERAGE-BANDWIDTH=130000,CODECS=\"\(codecs)\"\nv.m3u8\n"
        #expect(HLSValidator.validate(masterText: text).map(\.rule) == [.variantAttributes])
    }

    @Test("a reload with no segment in common is checked without trapping")
    func lateReload() {
        let previous = PlaylistFixtures.liveWindow(first: 100, count: 10, loop: 0, programSegments: 0)
        let next = PlaylistFixtures.liveWindow(first: 500, count: 10, loop: 0, programSegments: 0)
        #expect(HLSValidator.validateReload(previous: previous, next: next, kind: .live).isEmpty)
        let backwards = HLSValidator.validateReload(previous: next, next: previous, kind: .live)
        #expect(backwards.contains { $0.rule == .reloadMediaSequenceMonotonic })
    }

    /// A window of a looping reel: segment n plays `reel-(n mod 5).ts`.
    static func loopingWindow(first: Int, mediaSequence: Int? = nil) -> MediaPlaylist {
        var playlist = PlaylistFixtures.liveWindow(first: first, count: 12, loop: 0, programSegments: 0)
        for index in playlist.segments.indices { playlist.segments[index].uri = "reel-\((first + index) % 5).ts" }
        if let mediaSequence { playlist.mediaSequence = mediaSequence }
        return playlist
    }

    @Test("repeated URIs of a looping reel do not confuse the removal count")
    func loopingReel() {
        for step in [1, 4, 5, 7, 11] {
            let violations = HLSValidator.validateReload(
                previous: Self.loopingWindow(first: 100), next: Self.loopingWindow(first: 100 + step), kind: .live)
            #expect(violations.isEmpty, "step \(step): \(violations)")
        }
        // MEDIA-SEQUENCE one too high for what was removed: no count of removals explains it.
        let wrong = HLSValidator.validateReload(
            previous: Self.loopingWindow(first: 100), next: Self.loopingWindow(first: 102, mediaSequence: 103), kind: .live)
        #expect(wrong.contains { $0.rule == .reloadMediaSequenceCountsRemovals })
    }
}
