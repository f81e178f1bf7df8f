import Clocks
import ExposureModels

/// Turns a stream URL's identity (kind and ids) into a timeline and how to present it, at the
/// platform's current time.
struct StreamResolver {
    let loaded: LoadedCatalog
    let nowMs: Int64

    private var media: MediaManifest { loaded.catalog.media }

    /// A stream ready to be written: its timeline, the segments a playlist lists, how.
    struct Resolved {
        let timeline: any StreamTimeline
        let sequences: ClosedRange<Int>
        let kind: MediaPlaylistBuilder.Kind
        let audioOnly: Bool
        /// Whether the playlist changes over time (short cache lifetime).
        let isLive: Bool
    }

    /// No live window is shorter than this many segments (RFC 8216 / Apple: at least 6).
    static let minimumLiveSegments = 10

    func vod(assetId: String, material: String) -> Resolved? {
        guard let entry = loaded.catalog.assetsById[assetId], entry.mock.channel == nil, entry.mock.event == nil,
            !(entry.asset.medias ?? []).isEmpty
        else { return nil }
        let contentMs = media.contentDurationMs(forAssetDurationMs: entry.asset.duration ?? 0)
        let durationMs: Int64
        if material == "default" {
            durationMs = contentMs
        } else {
            guard (entry.mock.materialProfiles ?? []).contains(material) else { return nil }
            durationMs = TrailerCut.durationMs(media: media, contentDurationMs: contentMs)
        }
        let count = Int(durationMs / media.segmentDurationMs)
        let sources = (0..<count).map { (reelSource($0), media.segmentDurationMs) }
        return bounded(ListTimeline(sources: sources, startMs: anchorMs(entry)), audioOnly: entry.mock.audioOnly == true)
    }

    func ssai(assetId: String) -> Resolved? {
        guard let entry = loaded.catalog.assetsById[assetId], let settings = entry.mock.ssai else { return nil }
        let contentMs = media.contentDurationMs(forAssetDurationMs: entry.asset.duration ?? 0)
        let layout = SSAITimeline(
            settings: settings, contentDurationMs: contentMs, segmentDurationMs: media.segmentDurationMs, media: media)
        var sources: [(SegmentSource, durationMs: Int64)] = []
        var ranges: [StreamDateRange] = []
        var clock = anchorMs(entry)
        for (index, clip) in layout.clips.enumerated() {
            let count = Int(clip.durationMs / media.segmentDurationMs)
            switch clip.kind {
            case .ad(let id):
                sources += (0..<count).map { (SegmentSource(clip: .ad(id), index: $0), media.segmentDurationMs) }
                ranges.append(
                    StreamDateRange(
                        id: "ad-\(index)-\(id)", kind: .adBreak(adIds: [id], clickThroughUrl: loaded.catalog.ads[id]?.clickThroughUrl),
                        startMs: clock, endMs: clock + clip.durationMs))
            case .content(let contentStartMs):
                let first = Int(contentStartMs / media.segmentDurationMs)
                sources += (first..<first + count).map { (reelSource($0), media.segmentDurationMs) }
            }
            clock += clip.durationMs
        }
        return bounded(ListTimeline(sources: sources, startMs: anchorMs(entry), ranges: ranges), audioOnly: false)
    }

    func live(channelId: String) -> Resolved? {
        guard let timeline = loaded.channelTimelines[channelId], let settings = loaded.catalog.assetsById[channelId]?.mock.channel else {
            return nil
        }
        let last = timeline.sequence(atMs: nowMs) - 1
        let windowSegments = max(Self.minimumLiveSegments, Int(Int64(settings.dvrWindowMinutes) * 60_000 / media.segmentDurationMs))
        return Resolved(timeline: timeline, sequences: (last - windowSegments + 1)...last, kind: .live, audioOnly: false, isLive: true)
    }

    func catchup(channelId: String, programId: String) -> Resolved? {
        guard let timeline = loaded.channelTimelines[channelId], let program = loaded.schedules[channelId]?.program(id: programId),
            program.end.millisecondsSince1970 <= nowMs
        else { return nil }
        let first = timeline.sequence(atMs: program.start.millisecondsSince1970)
        let last = timeline.sequence(atMs: program.end.millisecondsSince1970) - 1
        return Resolved(timeline: timeline, sequences: first...last, kind: .vod, audioOnly: false, isLive: false)
    }

    /// One occurrence of a live event, `startSeconds` since 1970 (from the URL: any whole number,
    /// so it is checked against the platform's time before it becomes milliseconds).
    func event(assetId: String, startSeconds: Int64) -> Resolved? {
        guard (platformInstantsMs.lowerBound / 1000...platformInstantsMs.upperBound / 1000).contains(startSeconds),
            let entry = loaded.catalog.assetsById[assetId],
            let settings = entry.mock.event,
            let occurrence = EventOccurrence(settings: settings, start: WallTime(millisecondsSince1970: startSeconds * 1000)),
            occurrence.start.millisecondsSince1970 + media.segmentDurationMs <= nowMs
        else { return nil }
        let startMs = occurrence.start.millisecondsSince1970
        let total = Int((occurrence.end.millisecondsSince1970 - startMs) / media.segmentDurationMs)
        let available = min(total, Int((nowMs - startMs) / media.segmentDurationMs))
        let sources = (0..<available).map { (reelSource($0), media.segmentDurationMs) }
        let range = StreamDateRange(
            id: "event-\(assetId)-\(startSeconds)",
            kind: .program(programId: "\(assetId)-\(startSeconds)", assetId: assetId, title: entry.asset.title() ?? assetId),
            startMs: startMs, endMs: occurrence.end.millisecondsSince1970)
        let timeline = ListTimeline(sources: sources, startMs: startMs, ranges: [range])
        let ended = available == total
        return Resolved(timeline: timeline, sequences: 0...(available - 1), kind: .event(ended: ended), audioOnly: false, isLive: !ended)
    }

    private func bounded(_ timeline: ListTimeline, audioOnly: Bool) -> Resolved? {
        guard !timeline.segments.isEmpty else { return nil }
        return Resolved(timeline: timeline, sequences: 0...(timeline.segments.count - 1), kind: .vod, audioOnly: audioOnly, isLive: false)
    }

    private func reelSource(_ contentIndex: Int) -> SegmentSource {
        SegmentSource(clip: .reel, index: contentIndex % media.reel.segmentCount)
    }

    /// The wall-clock instant a VOD title's first frame is dated at (its creation, else 2024-01-01).
    private func anchorMs(_ entry: CatalogAsset) -> Int64 {
        entry.asset.created.map(msFromDate) ?? 1_704_067_200_000
    }
}
