import Clocks
import ExposurePlayback
import Foundation
import HLS
import Testing

/// Playlist Delta Updates in the engine: after a full load of a playlist that offers them,
/// reloads ask for `_HLS_skip=YES` (`v2` when the playlist offers CAN-SKIP-DATERANGES) while
/// the copy is recent, the merged state is exactly what full reloads give, and a gap falls
/// back to the full playlist.
@Suite struct DeltaUpdateEngineTests {
    static let master = URL(string: "http://test/master.m3u8")!
    static let epochMs: Int64 = 1_700_000_000_000

    static func masterBody() -> Data {
        Data(
            """
            #EXTM3U
            #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio-en.m3u8"
            #EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=320x180,AUDIO="aud"
            low.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,AUDIO="aud"
            high.m3u8
            """.utf8)
    }

    /// A live channel on a 2-s grid with a 2-minute window: a discontinuity every 25 segments,
    /// a program DATERANGE every 40 and an ad break (OUT, then IN once over) in each program;
    /// audio segments are not exactly 2 s. Delta updates use a 12-s Skip Boundary.
    struct Channel {
        /// Whether the playlists advertise CAN-SKIP-UNTIL.
        var offersDeltaUpdates = true
        /// Whether `_HLS_skip` gets a delta update (false: always the full playlist).
        var answersDeltaUpdates = true
        /// Whether the playlists advertise CAN-SKIP-DATERANGES and answer `_HLS_skip=v2`.
        var skipsDateRanges = false
        /// How many segments the window holds (60: 2 minutes).
        var windowSegments = 60
        /// The size of every segment, bytes.
        var segmentBytes = 10
        static let skipBoundary = HLSDuration.seconds(12)

        func full(_ name: String, atMs nowMs: Int64) -> MediaPlaylist {
            let last = Int(nowMs / 2_000) - 1
            let first = max(0, last - (windowSegments - 1))
            let isAudio = name.hasPrefix("audio")
            var segments = (first...last).map { sequence in
                MediaSegment(
                    uri: "\(name)-\(sequence).ts",
                    duration: isAudio ? .milliseconds([2_027, 1_984, 2_005][sequence % 3]) : .seconds(2),
                    discontinuity: sequence % 25 == 0,
                    programDateTime: HLSDate(millisecondsSince1970: epochMs + Int64(sequence) * 2_000))
            }
            for program in (first / 40)...(last / 40) {
                let start = program * 40
                let range = DateRange(
                    id: "program-\(program)", rangeClass: "program",
                    startDate: HLSDate(millisecondsSince1970: epochMs + Int64(start) * 2_000),
                    duration: .seconds(80), clientAttributes: [ClientAttribute(name: "X-TITLE", value: .string("Show \(program)"))])
                segments[max(0, start - first)].dateRanges.append(range)
                let adStart = start + 10
                guard adStart <= last else { continue }
                let adDate = HLSDate(millisecondsSince1970: epochMs + Int64(adStart) * 2_000)
                var tags = [DateRange(id: "ad-\(program)", rangeClass: "ad", startDate: adDate, plannedDuration: .seconds(8))]
                if adStart + 4 <= last + 1 { tags.append(DateRange(id: "ad-\(program)", startDate: adDate, duration: .seconds(8))) }
                segments[max(0, adStart - first)].dateRanges += tags
            }
            return MediaPlaylist(
                version: 6, targetDuration: 2, mediaSequence: first, discontinuitySequence: first == 0 ? 0 : (first - 1) / 25 + 1,
                serverControl: offersDeltaUpdates
                    ? ServerControl(canSkipUntil: Self.skipBoundary, canSkipDateRanges: skipsDateRanges ? true : nil) : nil,
                segments: segments)
        }

        /// The update standing for `full(name, atMs:)`: segments ending before the boundary skipped.
        func delta(_ name: String, atMs nowMs: Int64) -> MediaPlaylist {
            let full = full(name, atMs: nowMs)
            var listed = 0
            var duration = HLSDuration.zero
            while listed < full.segments.count, duration < Self.skipBoundary {
                duration += full.segments[full.segments.count - 1 - listed].duration
                listed += 1
            }
            var delta = full
            let skipped = full.segments.count - listed
            delta.version = 9
            delta.skipped = SkippedSegments(count: skipped)
            delta.segments = Array(full.segments[skipped...])
            delta.segments[0].dateRanges = full.segments[..<skipped].flatMap(\.dateRanges) + delta.segments[0].dateRanges
            return delta
        }

        /// The `v2` update standing for `full(name, atMs:)`: `delta` without the tags the
        /// playlist had a Skip Boundary earlier, listing the ranges it had then and lacks now.
        func deltaSkippingDateRanges(_ name: String, atMs nowMs: Int64) -> MediaPlaylist {
            let earlier = full(name, atMs: nowMs - Self.skipBoundary.milliseconds).allDateRanges
            var delta = delta(name, atMs: nowMs)
            delta.version = 10
            for index in delta.segments.indices { delta.segments[index].dateRanges.removeAll { earlier.contains($0) } }
            let current = Set(full(name, atMs: nowMs).allDateRanges.map(\.id))
            delta.skipped?.recentlyRemovedDateRangeIDs = Array(Set(earlier.map(\.id)).subtracting(current)).sorted()
            return delta
        }

        /// What the server answers `url` with at `nowMs`.
        func body(for url: URL, atMs nowMs: Int64) -> Data {
            let name = String(url.lastPathComponent.dropLast(".m3u8".count))
            let playlist =
                switch url.query.flatMap({ $0.contains("_HLS_skip=") ? String($0.split(separator: "=").last ?? "") : nil }) {
                case "YES" where answersDeltaUpdates: delta(name, atMs: nowMs)
                case "v2" where answersDeltaUpdates && skipsDateRanges: deltaSkippingDateRanges(name, atMs: nowMs)
                default: full(name, atMs: nowMs)
                }
            return Data(HLSWriter.bytes(playlist))
        }

        func respond(_ fetch: EngineFetch, atMs nowMs: Int64) -> Data {
            switch fetch.kind {
            case .master: masterBody()
            case .mediaPlaylist, .renditionPlaylist: body(for: fetch.url, atMs: nowMs)
            case .segment, .renditionSegment, .key: Data(count: segmentBytes)
            }
        }
    }

    /// Runs steps until the engine waits, answering every fetch from `channel` at `now`;
    /// returns the step and the URLs of the playlists fetched. Segments take `segmentElapsed`.
    @discardableResult
    static func pump(
        _ engine: inout HLSEngine, now: Int64, channel: Channel, playlistURLs: inout [URL], segmentElapsed: Duration = .zero
    ) -> EngineStep {
        _ = engine.handle(.tick(now: WallTime(millisecondsSince1970: now)))
        while true {
            let step = engine.nextStep()
            guard case .fetch(let fetch) = step else { return step }
            if case .mediaPlaylist = fetch.kind { playlistURLs.append(fetch.url) }
            if case .renditionPlaylist = fetch.kind { playlistURLs.append(fetch.url) }
            let elapsed: Duration = if case .segment = fetch.kind { segmentElapsed } else { .zero }
            _ = engine.handle(.fetched(id: fetch.id, body: channel.respond(fetch, atMs: now), elapsed: elapsed))
        }
    }

    static func engine() -> HLSEngine {
        HLSEngine(configuration: EngineConfiguration(masterURL: master, bufferTarget: .seconds(10)))
    }

    @Test(arguments: [false, true])
    func reloadsAskForDeltaUpdatesAndMergeToTheStateOfFullReloads(skipsDateRanges: Bool) {
        var merging = Self.engine()
        var reloading = Self.engine()
        var channel = Channel()
        channel.skipsDateRanges = skipsDateRanges
        var fullOnly = channel
        fullOnly.answersDeltaUpdates = false
        var mergingURLs: [URL] = []
        var reloadingURLs: [URL] = []
        var now: Int64 = 200_000
        for _ in 0..<400 {
            _ = Self.pump(&merging, now: now, channel: channel, playlistURLs: &mergingURLs)
            _ = Self.pump(&reloading, now: now, channel: fullOnly, playlistURLs: &reloadingURLs)
            #expect(merging.timeline == reloading.timeline, "video window at \(now)")
            #expect(merging.tracks.map(\.timeline) == reloading.tracks.map(\.timeline), "audio window at \(now)")
            #expect(merging.seekableTimeRange == reloading.seekableTimeRange && merging.playheadTime == reloading.playheadTime)
            #expect(merging.currentMetadata == reloading.currentMetadata, "metadata at \(now)")
            now += 700
        }
        #expect(merging.timeline.segments.count == 60 && merging.tracks.count == 1)
        #expect(merging.currentMetadata.contains { $0.id.hasPrefix("program-") })
        // Each playlist's first load is full; every reload after it is a delta update.
        let firstLoads = mergingURLs.filter { $0.query == nil }
        #expect(Set(firstLoads.map(\.lastPathComponent)).count == firstLoads.count, "one full load per playlist: \(firstLoads)")
        #expect(mergingURLs.count > 200 && mergingURLs.count - firstLoads.count > 200)
        let directive = skipsDateRanges ? "_HLS_skip=v2" : "_HLS_skip=YES"
        #expect(mergingURLs.filter { $0.query != nil }.allSatisfy { $0.query == directive })
        #expect(mergingURLs.map(\.path) == reloadingURLs.map(\.path), "the same playlists at the same moments")
    }

    @Test func aCopyOlderThanHalfTheSkipBoundaryIsReloadedInFull() {
        var engine = Self.engine()
        var urls: [URL] = []
        let start: Int64 = 200_000
        _ = Self.pump(&engine, now: start, channel: Channel(), playlistURLs: &urls)
        #expect(urls.allSatisfy { $0.query == nil })
        // 7 s later the copy is older than 6 s (half of 12): the reload is full.
        urls = []
        _ = Self.pump(&engine, now: start + 7_000, channel: Channel(), playlistURLs: &urls)
        #expect(!urls.isEmpty && urls.allSatisfy { $0.query == nil }, "\(urls)")
        // Two seconds after that it is recent again.
        urls = []
        _ = Self.pump(&engine, now: start + 9_000, channel: Channel(), playlistURLs: &urls)
        #expect(!urls.isEmpty && urls.allSatisfy { $0.query == "_HLS_skip=YES" }, "\(urls)")
    }

    /// A 33-minute window (~80 KB, over 3 s at the lowest variant's 200 kbit/s): the variant below
    /// the playing one is kept as a standby copy, loaded in full once and refreshed by delta
    /// updates, so the switch down a slow segment causes is a delta update too, merged onto the
    /// playing window's position axis.
    @Test func aSwitchDownOnALongWindowIsADeltaUpdateOfTheStandbyCopy() {
        let channel = Self.longWindow
        var engine = Self.engine()
        var urls: [URL] = []
        var now: Int64 = 8_000_000
        for _ in 0..<40 {
            Self.pump(&engine, now: now, channel: channel, playlistURLs: &urls)
            now += 700
        }
        #expect(engine.variantIndex == 1, "fast segments: the top variant")
        let lowLoads = urls.filter { $0.lastPathComponent == "low.m3u8" }
        #expect(lowLoads.filter { $0.query == nil }.count == 1, "the low playlist is loaded in full once: \(lowLoads)")
        #expect(lowLoads.filter { $0.query == "_HLS_skip=YES" }.count >= 5, "and kept fresh by delta updates: \(lowLoads)")
        let before = engine.timeline
        urls = []
        for _ in 0..<5 where engine.variantIndex != 0 {
            Self.pump(&engine, now: now, channel: channel, playlistURLs: &urls, segmentElapsed: .seconds(10))
            now += 700
        }
        #expect(engine.variantIndex == 0, "a segment at 80 kbit/s: the lowest variant")
        Self.expectDeltaSwitch(to: "low", loads: urls, engine: engine, before: before)
    }

    /// The same window: once the switch down has been made and the network is fast again, the
    /// switch back up is a delta update of the next variant up's standby copy, on the same axis.
    @Test func aSwitchUpOnALongWindowIsADeltaUpdateOfTheStandbyCopy() {
        let channel = Self.longWindow
        var engine = Self.engine()
        var urls: [URL] = []
        var now: Int64 = 8_000_000
        for _ in 0..<40 where engine.variantIndex != 1 {
            Self.pump(&engine, now: now, channel: channel, playlistURLs: &urls)
            now += 700
        }
        for _ in 0..<5 where engine.variantIndex != 0 {
            Self.pump(&engine, now: now, channel: channel, playlistURLs: &urls, segmentElapsed: .seconds(10))
            now += 700
        }
        #expect(engine.variantIndex == 0, "a segment at 80 kbit/s: the lowest variant")
        let before = engine.timeline
        urls = []
        for _ in 0..<40 where engine.variantIndex != 1 {
            Self.pump(&engine, now: now, channel: channel, playlistURLs: &urls)
            now += 700
        }
        #expect(engine.variantIndex == 1, "fast segments again: back to the top variant")
        Self.expectDeltaSwitch(to: "high", loads: urls, engine: engine, before: before)
    }

    /// A switch to variant `name` on the long window: its playlist loaded only as delta updates
    /// (of the standby copy), the whole window kept, each segment at its position in `before`.
    static func expectDeltaSwitch(to name: String, loads urls: [URL], engine: HLSEngine, before: SegmentTimeline) {
        let switchLoads = urls.filter { $0.lastPathComponent == "\(name).m3u8" }
        #expect(!switchLoads.isEmpty && switchLoads.allSatisfy { $0.query == "_HLS_skip=YES" }, "\(switchLoads)")
        #expect(engine.timeline.segments.count == 1_000)
        for segment in engine.timeline.segments.suffix(20) {
            #expect(segment.uri == "\(name)-\(segment.sequence).ts")
            if let index = before.index(ofSequence: segment.sequence) {
                #expect(before.segments[index].start == segment.start, "segment \(segment.sequence) keeps its position")
            }
        }
    }

    /// A 33-minute window of 100-KB segments.
    static var longWindow: Channel {
        var channel = Channel()
        channel.windowSegments = 1_000
        channel.segmentBytes = 100_000
        return channel
    }

    @Test func playlistsWithoutTheSkipBoundaryAreAlwaysLoadedInFull() {
        var engine = Self.engine()
        var channel = Channel()
        channel.offersDeltaUpdates = false
        var urls: [URL] = []
        for step in 0..<20 { _ = Self.pump(&engine, now: 200_000 + Int64(step) * 1_000, channel: channel, playlistURLs: &urls) }
        #expect(urls.count > 10 && urls.allSatisfy { $0.query == nil })
    }

    /// Two variants at one playlist URI: the playing window is a copy of that URI, but not of
    /// the other variant, so a switch to it loads its playlist in full (RFC 8216bis §6.2.5.1)
    /// rather than asking for a delta update it cannot merge, again and again.
    @Test func aSwitchAsksForADeltaUpdateOnlyOfTheVariantsOwnCopy() {
        let master = Data(
            """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=320x180
            live.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
            live.m3u8
            """.utf8)
        var engine = Self.engine()
        var channel = Channel()
        channel.segmentBytes = 100_000
        var loads: [(variant: Int, url: URL)] = []
        var now: Int64 = 200_000
        func pump() {
            _ = engine.handle(.tick(now: WallTime(millisecondsSince1970: now)))
            // Bounded: asking another variant's copy for a delta update used to loop for ever
            // (the update cannot be merged, so the same delta request is due again at once).
            for _ in 0..<200 {
                guard case .fetch(let fetch) = engine.nextStep() else { return }
                if case .mediaPlaylist(let variant) = fetch.kind { loads.append((variant, fetch.url)) }
                let body = if case .master = fetch.kind { master } else { channel.respond(fetch, atMs: now) }
                _ = engine.handle(.fetched(id: fetch.id, body: body, elapsed: .zero))
            }
            Issue.record("the engine kept fetching without waiting")
        }
        for _ in 0..<20 where engine.variantIndex != 1 {
            pump()
            now += 700
        }
        for _ in 0..<4 {
            pump()
            now += 700
        }
        #expect(engine.variantIndex == 1, "fast segments: the top variant")
        #expect(loads.contains { $0.variant == 1 && $0.url.query == "_HLS_skip=YES" }, "its own copy is reloaded as delta updates")
        loads = []
        _ = engine.handle(.command(.limitBitrate(300_000)))
        for _ in 0..<5 where engine.variantIndex != 0 {
            pump()
            now += 700
        }
        #expect(engine.variantIndex == 0)
        let switchLoad = loads.first { $0.variant == 0 }
        #expect(switchLoad?.url.lastPathComponent == "live.m3u8" && switchLoad?.url.query == nil, "\(loads)")
    }

    @Test func aGapFallsBackToTheFullPlaylistAtOnce() throws {
        var engine = Self.engine()
        var urls: [URL] = []
        let start: Int64 = 200_000
        _ = Self.pump(&engine, now: start, channel: Channel(), playlistURLs: &urls)
        // The next reload is due at +2 s; the server answers with an update from 10 minutes on,
        // whose skipped segments the engine never had.
        _ = engine.handle(.tick(now: WallTime(millisecondsSince1970: start + 2_000)))
        guard case .fetch(let reload) = engine.nextStep(), case .mediaPlaylist = reload.kind else {
            Issue.record("expected the variant's reload")
            return
        }
        #expect(reload.url.query == "_HLS_skip=YES")
        let before = engine.timeline
        let name = String(reload.url.lastPathComponent.dropLast(".m3u8".count))
        _ = engine.handle(
            .fetched(id: reload.id, body: Data(HLSWriter.bytes(Channel().delta(name, atMs: start + 600_000))), elapsed: .zero))
        #expect(engine.timeline.segments == before.segments, "nothing merged")
        guard case .fetch(let retry) = engine.nextStep(), case .mediaPlaylist = retry.kind else {
            Issue.record("expected the full playlist at once")
            return
        }
        #expect(retry.url.query == nil && retry.url.path == reload.url.path)
        _ = engine.handle(.fetched(id: retry.id, body: Channel().body(for: retry.url, atMs: start + 2_000), elapsed: .zero))
        var expected = before
        try expected.apply(Channel().full(name, atMs: start + 2_000), from: retry.url, at: WallTime(millisecondsSince1970: start + 2_000))
        #expect(engine.timeline == expected)
        #expect(
            engine.timeline.deltaUpdate(of: retry.url, at: WallTime(millisecondsSince1970: start + 4_000)) != nil,
            "delta updates again after the full load")
    }
}
