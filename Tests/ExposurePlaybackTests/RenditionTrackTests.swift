import Clocks
import ExposurePlayback
import Foundation
import HLS
import Testing

/// Alternate renditions in the engine: fetched beside the variant, counted in the buffer,
/// switched from the playhead.
@Suite struct RenditionTrackTests {
    static let masterBody = Data(
        """
        #EXTM3U
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",LANGUAGE="en",DEFAULT=YES,URI="audio/en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Svenska",LANGUAGE="sv",URI="audio/sv.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Svenska",LANGUAGE="sv",URI="subs/sv.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=320x180,AUDIO="audio",SUBTITLES="subs"
        video/low.m3u8
        """.utf8)

    /// Answers every fetch; segments of a path prefix are held back while `starve` names it.
    static func responder(starve: String? = nil) -> (EngineFetch) -> Data {
        { fetch in
            switch fetch.kind {
            case .master: masterBody
            case .mediaPlaylist, .renditionPlaylist: HLSEngineTests.mediaBody(first: 0, count: 30, endList: true)
            case .segment, .renditionSegment, .key: Data(count: 1_000)
            }
        }
    }

    static func segmentPaths(_ fetches: [EngineFetch]) -> [String] {
        fetches.filter { if case .renditionSegment = $0.kind { true } else { false } }.map(\.url.path)
    }

    /// Runs steps at `now`, recording every fetch.
    static func pump(_ engine: inout HLSEngine, now: Int64, fetches: inout [EngineFetch]) -> [EngineEvent] {
        var events = engine.handle(.tick(now: WallTime(millisecondsSince1970: now)))
        while case .fetch(let fetch) = engine.nextStep() {
            fetches.append(fetch)
            events += engine.handle(.fetched(id: fetch.id, body: responder()(fetch), elapsed: .zero))
        }
        return events
    }

    @Test func defaultAudioIsFetchedBesideTheVariantAndSwitchesFromThePlayhead() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: HLSEngineTests.master, bufferTarget: .seconds(10)))
        var fetches: [EngineFetch] = []
        _ = Self.pump(&engine, now: 0, fetches: &fetches)
        #expect(engine.playingLanguages.audio == "en" && engine.playingLanguages.text == nil)
        #expect(Self.segmentPaths(fetches) == (0..<5).map { "/audio/seg-\($0).ts" })
        #expect(engine.bufferedRange == .zero ... .milliseconds(10_000))

        fetches = []
        _ = engine.handle(.tick(now: WallTime(millisecondsSince1970: 5_000)))
        _ = engine.handle(.command(.selectTracks(audio: "sv", text: "sv")))
        // Swedish audio restarts at the playhead's segment (5 s is in segment 2), so the buffer
        // ends where the new audio does until it is fetched.
        #expect(engine.bufferedRange.upperBound == .milliseconds(4_000))
        _ = Self.pump(&engine, now: 5_000, fetches: &fetches)
        #expect(fetches.map(\.url.path).prefix(2) == ["/audio/sv.m3u8", "/subs/sv.m3u8"])
        #expect(Set(Self.segmentPaths(fetches)) == Set((2..<8).flatMap { ["/audio/seg-\($0).ts", "/subs/seg-\($0).ts"] }))
        #expect(engine.bufferedRange.upperBound == .milliseconds(16_000))
    }

    @Test func theShortestRenditionBoundsTheBuffer() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: HLSEngineTests.master, bufferTarget: .seconds(10)))
        var fetches: [EngineFetch] = []
        _ = Self.pump(&engine, now: 0, fetches: &fetches)
        engine.tracks[0].bufferEnd = .milliseconds(6_000)
        #expect(engine.bufferedRange == .zero ... .milliseconds(6_000))
        // The starved audio is the next thing fetched.
        guard case .fetch(let fetch) = engine.nextStep() else {
            Issue.record("no fetch")
            return
        }
        #expect(fetch.kind == .renditionSegment(sequence: 5, type: .audio))
    }
}
