import Clocks
import Foundation
import HLS

/// One segment placed on the stream's position axis.
package struct TimelineSegment: Sendable, Equatable {
    /// The media sequence number, the same in every variant.
    package var sequence: Int
    /// Where the segment starts in the stream's own time reference.
    package var start: Duration
    /// How long it plays (its `EXTINF`, rounded down to the millisecond).
    package var duration: Duration
    /// Its PROGRAM-DATE-TIME (explicit or carried forward from an earlier segment).
    package var programDateTime: WallTime?
    /// Its URI as written in the current variant's playlist.
    package var uri: String
    /// `EXT-X-GAP`: the segment is known to be missing; it is skipped without a request.
    package var gap = false
    /// The AES-128 key it is encrypted with; nil for a clear segment.
    package var key: SegmentKey? = nil
    /// The absolute URL of its key, resolved once as the segment is placed (every lookup of a
    /// segment's key, several a segment, used to parse the URL again); nil for a clear segment.
    package var keyURL: URL? = nil

    /// Where the segment ends: where the next one starts.
    package var end: Duration { start + duration }

    /// A segment placed at `start`.
    package init(
        sequence: Int, start: Duration, duration: Duration, programDateTime: WallTime?, uri: String, gap: Bool = false,
        key: SegmentKey? = nil, keyURL: URL? = nil
    ) {
        self.sequence = sequence
        self.start = start
        self.duration = duration
        self.programDateTime = programDateTime
        self.uri = uri
        self.gap = gap
        self.key = key
        self.keyURL = keyURL
    }
}

/// The segments of the current playlist on a position axis that stays put across reloads and
/// variant switches: position 0 is the start of the first segment ever loaded, and a segment
/// keeps its position for as long as it is in the window.
///
/// A full playlist replaces the window; a Playlist Delta Update is merged into it in place
/// (RFC 8216bis §6.3.7), which gives the same state in time proportional to the update.
package struct SegmentTimeline: Sendable, Equatable {
    package private(set) var segments = SegmentWindow()
    /// Every DATERANGE tag of the playlist, in the order they were written (several may share
    /// an ID), for metadata at the playhead. Left as it is (the same array) by an update that
    /// changed none.
    private(set) var dateRanges: [DateRange] = []
    /// The URL the segment URIs are relative to: the playlist's, without delivery directives.
    private(set) var baseURL: URL?
    private(set) var endList = false
    private(set) var targetDuration: Duration = .seconds(6)
    /// The Skip Boundary (`CAN-SKIP-UNTIL`, rounded down to the millisecond) while the playlist
    /// offers delta updates.
    private(set) var skipBoundary: Duration?
    /// The smallest delta update the playlist offers (`v2` with `CAN-SKIP-DATERANGES`).
    private(set) var offeredDeltaUpdate: DeltaUpdateRequest?
    /// ``offeredDeltaUpdate`` asked of ``baseURL``: made when either changes, not at each reload.
    private var offeredDeltaUpdateURL: URL?
    /// When the window was last brought up to date from the server, on the engine's clock.
    private(set) var updatedAt: WallTime?
    /// A delta update could not be merged: the next load must be the full playlist.
    private(set) var needsFullReload = false

    package var isEmpty: Bool { segments.isEmpty }
    /// Where the window starts (zero while empty).
    package var start: Duration { segments.isEmpty ? .zero : segments[0].start }
    /// Where the window ends (zero while empty).
    package var end: Duration { segments.isEmpty ? .zero : segments[segments.count - 1].end }

    /// The delta update the next reload of `url` may ask for, if any: the window holds that
    /// playlist, which offers them and has not ended, and it is no older than half the Skip
    /// Boundary (RFC 8216bis §6.3.7) — older, the skipped segments and DATERANGEs may be ones
    /// it never saw.
    package func deltaUpdate(of url: URL, at now: WallTime) -> DeltaUpdateRequest? {
        guard let skipBoundary, let updatedAt, !endList, !needsFullReload, !segments.isEmpty, url == baseURL,
            now - updatedAt <= skipBoundary / 2
        else { return nil }
        return offeredDeltaUpdate
    }

    /// `url`, or the delta update of it that the next reload may ask for.
    package func reloadURL(of url: URL, at now: WallTime) -> URL {
        guard deltaUpdate(of: url, at: now) != nil, let offeredDeltaUpdateURL else { return url }
        return offeredDeltaUpdateURL
    }

    /// How a full playlist was placed.
    package enum Placement: Sendable, Equatable {
        /// On a shared sequence number, after the old window, or as the first window.
        case continued
        /// Its sequence numbers jumped past what the time since the last load explains: placed
        /// to end where the old window would end by now (a discontinuity).
        case jumped
    }

    /// Places the full `playlist` on the axis, anchored on a sequence number both share (or
    /// right after the old window, or at 0 the first time); a playlist whose sequence numbers
    /// jumped further than time explains ends where the old window would end by now.
    /// - Throws: ``HLSParseError``, changing nothing, for an `EXT-X-KEY` the engine cannot use.
    @discardableResult
    package mutating func apply(_ playlist: MediaPlaylist, from url: URL, at now: WallTime) throws(HLSParseError) -> Placement {
        let keys = try playlist.segmentKeys(startingWith: nil)
        let first = playlist.firstMediaSequence
        var placement = Placement.continued
        var anchorStart = Duration.zero
        if let known = segments.first(where: { $0.sequence >= first }) {
            // Walk back from the first shared sequence to the new playlist's first segment.
            anchorStart = known.start
            var sequence = known.sequence
            while sequence > first {
                sequence -= 1
                anchorStart -= playlist.segments[sequence - first].duration.onTimeline
            }
        } else if let last = segments.last, first > last.sequence {
            let elapsed = max(.zero, now - (updatedAt ?? now))
            let elapsedTargets = elapsed.floorDivided(by: max(targetDuration, .milliseconds(1)))
            let explained = last.sequence + 1 + Int(elapsedTargets) + 1
            if first > explained {
                placement = .jumped
                let length = playlist.segments.reduce(Duration.zero) { $0 + $1.duration.onTimeline }
                anchorStart = last.end + elapsed - length
            } else {
                anchorStart = last.end
            }
        }
        segments = SegmentWindow(
            Self.place(playlist.segments, keys: keys, of: url, firstSequence: first, start: anchorStart, date: nil))
        needsFullReload = false
        dateRanges = playlist.allDateRanges
        takeHeader(of: playlist, from: url, at: now)
        return placement
    }

    /// Merges a Playlist Delta Update of the playlist at `url`: drops what left the front,
    /// keeps the segments `EXT-X-SKIP` stands for (found by media sequence number), and
    /// replaces the rest with the listed segments, placed and dated after the last kept one.
    /// DATERANGEs: an update that skips none (`YES`) carries them all; one that skips them
    /// (`v2`) carries the tags added since, which join the kept ones, less the ranges it lists
    /// as recently removed.
    ///
    /// Returns false, changing nothing but ``needsFullReload``, when the window is not of that
    /// playlist or lacks a skipped segment (a gap).
    /// - Throws: ``HLSParseError``, changing nothing, for an `EXT-X-KEY` the engine cannot use.
    package mutating func merge(deltaUpdate delta: MediaPlaylist, from url: URL, at now: WallTime) throws(HLSParseError) -> Bool {
        let skippedFrom = delta.firstMediaSequence
        let listedFrom = delta.mediaSequence(ofSegmentAt: 0)
        guard url == baseURL, let first = segments.first,
            skippedFrom >= first.sequence, listedFrom <= first.sequence + segments.count
        else {
            needsFullReload = true
            return false
        }
        // The first listed segment follows the last skipped one (or takes the place of the window's first).
        var position = first.start
        var lastDate: WallTime?
        var lastKey: SegmentKey?
        if listedFrom > first.sequence {
            let before = segments[listedFrom - first.sequence - 1]
            position = before.end
            lastDate = before.programDateTime.map { $0 + before.duration }
            lastKey = before.key
        }
        let keys = try delta.segmentKeys(startingWith: lastKey)
        segments.removeFirst(skippedFrom - first.sequence)
        segments.removeLast(segments.count - (listedFrom - skippedFrom))
        for segment in Self.place(delta.segments, keys: keys, of: url, firstSequence: listedFrom, start: position, date: lastDate) {
            segments.append(segment)
        }
        if let removed = delta.skipped?.recentlyRemovedDateRangeIDs {
            dateRanges = Self.merged(dateRanges, added: delta.allDateRanges, removedIDs: removed)
        } else {
            dateRanges = delta.allDateRanges
        }
        takeHeader(of: delta, from: url, at: now)
        return true
    }

    /// `kept` without the ranges `removedIDs` names, with the tags of `added` it lacks; `kept`
    /// itself when that changes nothing. Ordered by START-DATE, as a full playlist writes them
    /// (each before the segment it starts in); tags of one date keep their order, kept first.
    private static func merged(_ kept: [DateRange], added: [DateRange], removedIDs: [String]) -> [DateRange] {
        let removed = Set(removedIDs)
        let new = added.filter { !kept.contains($0) }
        guard !new.isEmpty || kept.contains(where: { removed.contains($0.id) }) else { return kept }
        let tags = kept.filter { !removed.contains($0.id) } + new
        return tags.enumerated().sorted { ($0.element.startDate, $0.offset) < ($1.element.startDate, $1.offset) }.map(\.element)
    }

    /// `playlistSegments` laid end to end from `start`, numbered from `firstSequence`, each
    /// with its key of `keys` and that key's URL resolved against the playlist's `url` (once a
    /// key: the segments under one key follow each other); a segment without
    /// PROGRAM-DATE-TIME continues the date of the one before (`date` for the first).
    private static func place(
        _ playlistSegments: [MediaSegment], keys: [SegmentKey?], of url: URL, firstSequence: Int, start: Duration, date: WallTime?
    ) -> [TimelineSegment] {
        var placed: [TimelineSegment] = []
        placed.reserveCapacity(playlistSegments.count)
        var position = start
        var lastDate = date
        var lastKey: (uri: String, url: URL?)?
        for (index, segment) in playlistSegments.enumerated() {
            if let uri = keys[index]?.uri, uri != lastKey?.uri { lastKey = (uri, HLSURI.resolve(uri, against: url)) }
            let duration = segment.duration.onTimeline
            let date = segment.programDateTime.map(\.wallTime) ?? lastDate
            placed.append(
                TimelineSegment(
                    sequence: firstSequence + index, start: position, duration: duration, programDateTime: date, uri: segment.uri,
                    gap: segment.gap, key: keys[index], keyURL: keys[index] == nil ? nil : lastKey?.url))
            position += duration
            lastDate = date.map { $0 + duration }
        }
        return placed
    }

    private mutating func takeHeader(of playlist: MediaPlaylist, from url: URL, at now: WallTime) {
        let offered = DeltaUpdateRequest(offeredBy: playlist.serverControl)
        if offered != offeredDeltaUpdate || url != baseURL { offeredDeltaUpdateURL = offered?.url(for: url) }
        baseURL = url
        endList = playlist.endList
        targetDuration = .seconds(playlist.targetDuration ?? 6)
        skipBoundary = playlist.serverControl?.canSkipUntil?.onTimeline
        offeredDeltaUpdate = offered
        updatedAt = now
    }

    /// Moves the window onto `other`'s position axis by a media sequence number both hold (the
    /// same in every variant); false, changing nothing, when they share none.
    package mutating func align(to other: SegmentTimeline) -> Bool {
        guard let first = segments.first, let otherFirst = other.segments.first else { return false }
        let shared = max(first.sequence, otherFirst.sequence)
        guard let own = index(ofSequence: shared), let theirs = other.index(ofSequence: shared) else { return false }
        let shift = other.segments[theirs].start - segments[own].start
        if shift != .zero {
            segments = SegmentWindow(
                segments.map { segment in
                    var moved = segment
                    moved.start += shift
                    return moved
                })
        }
        return true
    }

    /// The index of the segment holding `position` (the last one for the very end).
    package func index(containing position: Duration) -> Int? {
        segments.index(containing: position)
    }

    /// The index of segment `sequence`, if it is in the window.
    package func index(ofSequence sequence: Int) -> Int? {
        guard !segments.isEmpty else { return nil }
        let index = sequence - segments[0].sequence
        return index >= 0 && index < segments.count ? index : nil
    }

    /// Wall-clock time at `position`, from PROGRAM-DATE-TIME.
    package func time(atPosition position: Duration) -> WallTime? {
        guard let index = index(containing: position), let date = segments[index].programDateTime else { return nil }
        return date + (position - segments[index].start)
    }

    /// Position of wall-clock `time`, when a segment in the window covers it.
    package func position(atTime time: WallTime) -> Duration? {
        guard let first = segments.first, let firstDate = first.programDateTime else { return nil }
        // Segments are contiguous in time, so a first guess from the first segment is exact
        // unless a discontinuity jumps the dates; then look the segment up properly.
        let guess = first.start + (time - firstDate)
        if let index = index(containing: guess), let date = segments[index].programDateTime,
            date <= time, time <= date + segments[index].duration
        {
            return segments[index].start + (time - date)
        }
        for segment in segments {
            guard let date = segment.programDateTime else { continue }
            if date <= time && time < date + segment.duration { return segment.start + (time - date) }
        }
        return nil
    }

    /// The absolute URL of a segment.
    package func url(of segment: TimelineSegment) -> URL? {
        baseURL.flatMap { HLSURI.resolve(segment.uri, against: $0) }
    }
}

extension HLSDuration {
    /// The span on the timeline, kept to the millisecond: an `EXTINF` or a Skip Boundary
    /// rounded down (the one conversion of a playlist's durations).
    fileprivate var onTimeline: Duration { duration.roundedDownToMilliseconds }
}
