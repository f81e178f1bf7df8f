import Clocks
import HLS

/// Writes one rendition's media playlist for a span of a stream's timeline: the full playlist,
/// or the Playlist Delta Update that stands for it.
struct MediaPlaylistBuilder {
    let media: MediaManifest
    let timeline: any StreamTimeline
    let rendition: RenditionKey
    /// The asset or channel the stream is of, written into segment URLs for stream faults.
    let assetId: String
    /// The stream's keys when it is encrypted: video and audio segments get `EXT-X-KEY` tags.
    var keys: StreamKeys?

    /// How the playlist presents itself.
    enum Kind {
        /// A sliding window: no type, no ENDLIST.
        case live
        /// Grows, then ends: EVENT, ENDLIST once `ended`.
        case event(ended: Bool)
        /// Fixed: VOD + ENDLIST.
        case vod

        /// Whether the playlist can still change, so it offers delta updates (RFC 8216bis
        /// §6.2.5.1: a server ignores `_HLS_skip` on a playlist with ENDLIST).
        var offersDeltaUpdates: Bool {
            switch self {
            case .live, .event(ended: false): true
            case .event(ended: true), .vod: false
            }
        }

        /// Whether the playlist starts at the stream's beginning (EVENT and VOD), so its first
        /// segment needs no discontinuity.
        var startsFresh: Bool {
            if case .live = self { false } else { true }
        }
    }

    /// The Skip Boundary in target durations. RFC 8216bis asks for at least 6; 12 (24 s) leaves
    /// a client that reloads every target duration room to miss five reloads and still be
    /// within half the boundary (§6.3.7), while an update stays ~13 segments long.
    static let skipBoundaryTargetDurations = 12

    /// The protocol version of a delta update: EXT-X-SKIP needs 9, and 10 when it also
    /// replaces DATERANGE tags (RFC 8216bis §8).
    static func deltaUpdateVersion(_ request: DeltaUpdateRequest) -> Int {
        request == .skippingSegments ? 9 : 10
    }

    /// The full playlist listing segments `sequences`; DATERANGEs cover the span, open ones as
    /// of `liveEdge`.
    func playlist(_ sequences: ClosedRange<Int>, kind: Kind, liveEdge: WallTime) -> MediaPlaylist? {
        guard var segments = segments(sequences, windowStart: sequences.lowerBound) else { return nil }
        attach(
            dateRanges(window: sequences, liveEdge: liveEdge).flatMap(DateRangeTags.tags), to: &segments,
            listedFrom: sequences.lowerBound)
        if kind.startsFresh, !segments.isEmpty { segments[0].discontinuity = false }
        return header(window: sequences, kind: kind, segments: segments)
    }

    /// The Playlist Delta Update of the full playlist of `sequences` (RFC 8216bis §6.2.5.1):
    /// the same header at version 9 (10 for `v2`), `EXT-X-SKIP` for every segment that ends
    /// more than the Skip Boundary before the playlist does, then the rest. `_HLS_skip=YES`
    /// gets every DATERANGE the full playlist carries; `v2` only the tags added within the
    /// Skip Boundary, and the IDs of ranges removed in that time. Built from the last few
    /// segments of the timeline, never from the whole window; nil when the kind offers no
    /// delta updates.
    func deltaUpdate(_ sequences: ClosedRange<Int>, kind: Kind, liveEdge: WallTime, skipping request: DeltaUpdateRequest) -> MediaPlaylist?
    {
        guard kind.offersDeltaUpdates, let listedFrom = firstSequenceWithinSkipBoundary(of: sequences),
            var segments = segments(listedFrom...sequences.upperBound, windowStart: sequences.lowerBound)
        else { return nil }
        var skipped = SkippedSegments(count: listedFrom - sequences.lowerBound)
        switch request {
        case .skippingSegments:
            attach(dateRanges(window: sequences, liveEdge: liveEdge).flatMap(DateRangeTags.tags), to: &segments, listedFrom: listedFrom)
        case .skippingSegmentsAndDateRanges:
            let changes = dateRangeChanges(window: sequences, kind: kind, liveEdge: liveEdge)
            attach(changes.added, to: &segments, listedFrom: listedFrom)
            skipped.recentlyRemovedDateRangeIDs = changes.removedIDs
        }
        if listedFrom == sequences.lowerBound, kind.startsFresh, !segments.isEmpty { segments[0].discontinuity = false }
        var playlist = header(window: sequences, kind: kind, segments: segments)
        playlist.version = Self.deltaUpdateVersion(request)
        playlist.skipped = skipped
        return playlist
    }

    private var skipBoundary: HLSDuration { .seconds(Int64(Self.skipBoundaryTargetDurations * media.targetDuration)) }

    /// The window the playlist listed one Skip Boundary (rounded up to whole segments) before
    /// `window` became current: a live window slides, an EVENT only grows. Nil when the
    /// playlist was not there yet.
    private func window(aSkipBoundaryBefore window: ClosedRange<Int>, kind: Kind) -> ClosedRange<Int>? {
        // Rounded up: the whole segments that span a Skip Boundary.
        let back = Int(-(Duration.zero - skipBoundary.duration).floorDivided(by: media.segmentDuration))
        let upper = window.upperBound - back
        let lower = if case .live = kind { window.lowerBound - back } else { window.lowerBound }
        return upper >= lower ? lower...upper : nil
    }

    private func header(window: ClosedRange<Int>, kind: Kind, segments: [MediaSegment]) -> MediaPlaylist {
        let type: PlaylistType?
        let ended: Bool
        switch kind {
        case .live: (type, ended) = (nil, false)
        case .event(let done): (type, ended) = (.event, done)
        case .vod: (type, ended) = (.vod, true)
        }
        return MediaPlaylist(
            version: 6, targetDuration: media.targetDuration, mediaSequence: window.lowerBound,
            discontinuitySequence: timeline.discontinuities(before: window.lowerBound), playlistType: type,
            independentSegments: true,
            serverControl: kind.offersDeltaUpdates ? ServerControl(canSkipUntil: skipBoundary, canSkipDateRanges: true) : nil,
            segments: segments, endList: ended)
    }

    /// The first segment of `window` that does not end before the Skip Boundary, counting this
    /// rendition's real EXTINF durations back from the end (audio segments are not exactly 2 s).
    private func firstSequenceWithinSkipBoundary(of window: ClosedRange<Int>) -> Int? {
        var listedDuration = HLSDuration.zero
        var sequence = window.upperBound + 1
        while sequence > window.lowerBound, listedDuration < skipBoundary {
            sequence -= 1
            guard let (_, file) = file(of: timeline.segment(sequence)) else { return nil }
            listedDuration += .milliseconds(file.duration.wholeMilliseconds)
        }
        return sequence
    }

    /// The segments `sequences` of this rendition (of a playlist whose window starts at
    /// `windowStart`); nil when one has no file.
    private func segments(_ sequences: ClosedRange<Int>, windowStart: Int) -> [MediaSegment]? {
        var segments: [MediaSegment] = []
        segments.reserveCapacity(sequences.count)
        let queryPrefix = StreamURLs.segmentQueryPrefix(assetId: assetId)
        // A window lists the same few files over and over (the reel loops): each one's URL up
        // to the sequence number is written once.
        var urlPrefixes: [SegmentSource: String] = [:]
        let keys = rendition.isEncryptable ? keys : nil
        // The key in force before the first listed segment: none at the window's start; in a
        // delta update, the skipped segments' (the client keeps their tags when it merges).
        var currentKey = keys.flatMap { keys in
            sequences.lowerBound > windowStart ? keys.keyID(segmentStart: timeline.segment(sequences.lowerBound - 1).start) : nil
        }
        for sequence in sequences {
            let entry = timeline.segment(sequence)
            guard let (folder, file) = file(of: entry) else { return nil }
            let urlPrefix: String
            if let written = urlPrefixes[entry.source] {
                urlPrefix = written
            } else {
                urlPrefix = "/media/\(folder.path)/\(file.file)?\(queryPrefix)"
                urlPrefixes[entry.source] = urlPrefix
            }
            var segment = MediaSegment(
                uri: urlPrefix + String(sequence),
                duration: .milliseconds(file.duration.wholeMilliseconds),
                discontinuity: entry.discontinuity,
                programDateTime: HLSDate(entry.start))
            // A key applies until the next tag: written where it changes.
            if let keys, case let key = keys.keyID(segmentStart: entry.start), key != currentKey {
                segment.otherTags.append(keys.key(key).line())
                currentKey = key
            }
            segments.append(segment)
        }
        return segments
    }

    private func file(of entry: TimelineSegment) -> (folder: MediaManifest.Rendition, file: MediaManifest.Segment)? {
        guard let clip = clip(entry.source.clip), let folder = rendition.rendition(of: clip),
            entry.source.index < folder.segments.count
        else { return nil }
        return (folder, folder.segments[entry.source.index])
    }

    private func clip(_ clip: SegmentSource.Clip) -> MediaManifest.Clip? {
        switch clip {
        case .reel: media.reel
        case .ad(let id): media.ad(id)
        }
    }

    /// The ranges of `window` a full playlist announces (none on a rendition that carries no
    /// DATERANGEs), open ones as of `liveEdge`; with `reachingPast`, only those that end after it.
    private func dateRanges(window: ClosedRange<Int>, liveEdge: WallTime, reachingPast: WallTime? = nil) -> [StreamDateRange] {
        guard rendition.carriesDateRanges else { return [] }
        let span = span(of: window)
        guard let reachingPast else { return timeline.dateRanges(from: span.lowerBound, to: span.upperBound, liveEdge: liveEdge) }
        // A range of the window that ends after the instant overlaps the window from that
        // instant on, or its last millisecond when the instant is past its end.
        let from = min(max(span.lowerBound, reachingPast), span.upperBound - .milliseconds(1))
        return timeline.dateRanges(from: from, to: span.upperBound, liveEdge: liveEdge).filter { $0.end > reachingPast }
    }

    /// From the first segment's start to the last one's end.
    private func span(of window: ClosedRange<Int>) -> Range<WallTime> {
        timeline.segment(window.lowerBound).start..<timeline.segment(window.upperBound).start + media.segmentDuration
    }

    /// What changed in the DATERANGEs since the playlist a Skip Boundary earlier (what a
    /// `v2` update carries, RFC 8216bis §6.2.5.1): the tags added since, and the IDs of the
    /// ranges that left the window since. Without an earlier playlist every tag is new.
    ///
    /// A range that ended by the earlier playlist's live edge and its last segment's end was
    /// closed, and listed, in both playlists: its tags are the same. So only the ranges reaching
    /// past that instant are looked up and compared — a few, where the whole window holds hours.
    private func dateRangeChanges(window: ClosedRange<Int>, kind: Kind, liveEdge: WallTime) -> (added: [DateRange], removedIDs: [String]) {
        guard let earlierWindow = self.window(aSkipBoundaryBefore: window, kind: kind) else {
            return (dateRanges(window: window, liveEdge: liveEdge).flatMap(DateRangeTags.tags), [])
        }
        let earlierEdge = liveEdge - (timeline.segment(window.upperBound).start - timeline.segment(earlierWindow.upperBound).start)
        let settled = min(earlierEdge, span(of: earlierWindow).upperBound)
        var earlierById: [String: StreamDateRange] = [:]
        for range in dateRanges(window: earlierWindow, liveEdge: earlierEdge, reachingPast: settled)
        where earlierById[range.id] == nil {
            earlierById[range.id] = range
        }
        var added: [DateRange] = []
        for range in dateRanges(window: window, liveEdge: liveEdge, reachingPast: settled) {
            let before = earlierById[range.id]
            guard before != range else { continue }
            let known = before.map(DateRangeTags.tags) ?? []
            added += DateRangeTags.tags(for: range).filter { !known.contains($0) }
        }
        return (added, removedIDs(since: earlierWindow, window: window, liveEdge: liveEdge))
    }

    /// The IDs of the ranges listed at some moment between `earlier` and `window` but no longer
    /// in `window`: every range the window's start passed over since and that ends before it,
    /// including one shorter than the Skip Boundary that was never in the earlier window at all.
    private func removedIDs(since earlier: ClosedRange<Int>, window: ClosedRange<Int>, liveEdge: WallTime) -> [String] {
        guard rendition.carriesDateRanges, earlier.lowerBound < window.lowerBound else { return [] }
        var removed: [String] = []
        let passedFrom = timeline.segment(earlier.lowerBound).start
        let windowStart = timeline.segment(window.lowerBound).start
        // A passed-over range that reaches the window's start is still listed.
        for range in timeline.dateRanges(from: passedFrom, to: windowStart, liveEdge: liveEdge)
        where range.end <= windowStart && !removed.contains(range.id) {
            removed.append(range.id)
        }
        return removed
    }

    /// Puts each of `tags` before the listed segment (from `listedFrom`) its START-DATE falls
    /// in, or before the first listed one for tags that start earlier.
    private func attach(_ tags: [DateRange], to segments: inout [MediaSegment], listedFrom: Int) {
        guard !segments.isEmpty, !tags.isEmpty else { return }
        let listedStart = timeline.segment(listedFrom).start
        for tag in tags {
            let tagStart = tag.startDate.wallTime
            let index = max(0, Int((tagStart - listedStart).floorDivided(by: media.segmentDuration)))
            segments[min(index, segments.count - 1)].dateRanges.append(tag)
        }
    }
}
