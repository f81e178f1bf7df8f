import Clocks
import ExposureModels

/// Turns a stream URL's identity (kind and ids) into a timeline and how to present it, at the
/// platform's current time.
struct StreamResolver {
    let loaded: LoadedCatalog
    let now: WallTime

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
        let content = media.contentDuration(forAssetDuration: .milliseconds(entry.asset.duration ?? 0))
        let duration: Duration
        if material == "default" {
            duration = content
        } else {
            guard (entry.mock.materialProfiles ?? []).contains(material) else { return nil }
            duration = TrailerCut.duration(media: media, contentDuration: content)
        }
        let count = segmentCount(duration)
        let sources = (0..<count).map { (reelSource($0), media.segmentDuration) }
        return bounded(ListTimeline(sources: sources, start: anchor(entry)), audioOnly: entry.mock.audioOnly == true)
    }

    func ssai(assetId: String) -> Resolved? {
        guard let entry = loaded.catalog.assetsById[assetId], let settings = entry.mock.ssai else { return nil }
        let content = media.contentDuration(forAssetDuration: .milliseconds(entry.asset.duration ?? 0))
        let layout = SSAITimeline(settings: settings, contentDuration: content, segmentDuration: media.segmentDuration, media: media)
        var sources: [(SegmentSource, duration: Duration)] = []
        var ranges: [StreamDateRange] = []
        var clock = anchor(entry)
        for (index, clip) in layout.clips.enumerated() {
            let count = segmentCount(clip.duration)
            switch clip.kind {
            case .ad(let id):
                sources += (0..<count).map { (SegmentSource(clip: .ad(id), index: $0), media.segmentDuration) }
                ranges.append(
                    StreamDateRange(
                        id: "ad-\(index)-\(id)", kind: .adBreak(adIds: [id], clickThroughUrl: loaded.catalog.ads[id]?.clickThroughUrl),
                        start: clock, end: clock + clip.duration))
            case .content(let contentStart):
                let first = segmentCount(contentStart)
                sources += (first..<first + count).map { (reelSource($0), media.segmentDuration) }
            }
            clock = clock + clip.duration
        }
        return bounded(ListTimeline(sources: sources, start: anchor(entry), ranges: ranges), audioOnly: false)
    }

    func live(channelId: String) -> Resolved? {
        guard let timeline = loaded.channelTimelines[channelId], let settings = loaded.catalog.assetsById[channelId]?.mock.channel else {
            return nil
        }
        let last = timeline.sequence(at: now) - 1
        let windowSegments = max(Self.minimumLiveSegments, segmentCount(.seconds(60 * settings.dvrWindowMinutes)))
        return Resolved(timeline: timeline, sequences: (last - windowSegments + 1)...last, kind: .live, audioOnly: false, isLive: true)
    }

    func catchup(channelId: String, programId: String) -> Resolved? {
        guard let timeline = loaded.channelTimelines[channelId], let program = loaded.schedules[channelId]?.program(id: programId),
            program.end <= now
        else { return nil }
        let first = timeline.sequence(at: program.start)
        let last = timeline.sequence(at: program.end) - 1
        return Resolved(timeline: timeline, sequences: first...last, kind: .vod, audioOnly: false, isLive: false)
    }

    /// One occurrence of a live event, `startSeconds` since 1970 (from the URL: any whole number,
    /// so it is checked against the platform's time before it becomes an instant).
    func event(assetId: String, startSeconds: Int64) -> Resolved? {
        guard (platformInstantsMs.lowerBound / 1000...platformInstantsMs.upperBound / 1000).contains(startSeconds),
            let entry = loaded.catalog.assetsById[assetId],
            let settings = entry.mock.event,
            let occurrence = EventOccurrence(settings: settings, start: platformEpoch + .seconds(startSeconds)),
            occurrence.start + media.segmentDuration <= now
        else { return nil }
        let total = segmentCount(occurrence.end - occurrence.start)
        let available = min(total, segmentCount(now - occurrence.start))
        let sources = (0..<available).map { (reelSource($0), media.segmentDuration) }
        let range = StreamDateRange(
            id: "event-\(assetId)-\(startSeconds)",
            kind: .program(programId: "\(assetId)-\(startSeconds)", assetId: assetId, title: entry.asset.title() ?? assetId),
            start: occurrence.start, end: occurrence.end)
        let timeline = ListTimeline(sources: sources, start: occurrence.start, ranges: [range])
        let ended = available == total
        return Resolved(timeline: timeline, sequences: 0...(available - 1), kind: .event(ended: ended), audioOnly: false, isLive: !ended)
    }

    private func bounded(_ timeline: ListTimeline, audioOnly: Bool) -> Resolved? {
        guard !timeline.segments.isEmpty else { return nil }
        return Resolved(timeline: timeline, sequences: 0...(timeline.segments.count - 1), kind: .vod, audioOnly: audioOnly, isLive: false)
    }

    /// The whole segments `duration` holds (`duration` not negative).
    private func segmentCount(_ duration: Duration) -> Int { Int(duration.floorDivided(by: media.segmentDuration)) }

    private func reelSource(_ contentIndex: Int) -> SegmentSource {
        SegmentSource(clip: .reel, index: contentIndex % media.reel.segmentCount)
    }

    /// The wall-clock instant a VOD title's first frame is dated at (its creation, else 2024-01-01).
    private func anchor(_ entry: CatalogAsset) -> WallTime {
        entry.asset.created.map(WallTime.init) ?? WallTime(millisecondsSince1970: 1_704_067_200_000)
    }
}
