import Foundation
import HLS

/// One segment placed on the stream's position axis.
struct TimelineSegment: Sendable, Equatable {
    /// The media sequence number, the same in every variant.
    var sequence: Int
    /// Where the segment starts, ms in the stream's own time reference.
    var startMs: Int64
    /// How long it plays, ms.
    var durationMs: Int64
    /// Its PROGRAM-DATE-TIME, ms since 1970 (explicit or carried forward from an earlier segment).
    var programDateTimeMs: Int64?
    /// Its URI as written in the current variant's playlist.
    var uri: String

    var endMs: Int64 { startMs + durationMs }
}

/// The segments of the current playlist on a position axis that stays put across reloads and
/// variant switches: position 0 is the start of the first segment ever loaded, and a segment
/// keeps its position for as long as it is in the window.
struct SegmentTimeline: Sendable {
    private(set) var segments: [TimelineSegment] = []
    /// Every DATERANGE of the playlist (merged per ID), for metadata at the playhead.
    private(set) var dateRanges: [DateRange] = []
    /// The URL the segment URIs are relative to.
    private(set) var baseURL: URL?
    private(set) var endList = false
    private(set) var targetDurationMs: Int64 = 6000

    var isEmpty: Bool { segments.isEmpty }
    var startMs: Int64 { segments.first?.startMs ?? 0 }
    var endMs: Int64 { segments.last?.endMs ?? 0 }

    /// Places `playlist` on the axis, anchored on a sequence number both share (or at 0 the first time).
    mutating func apply(_ playlist: MediaPlaylist, from url: URL) {
        let first = playlist.firstMediaSequence
        var anchorStart: Int64 = 0
        if let known = segments.first(where: { $0.sequence >= first }) {
            // Walk back from the first shared sequence to the new playlist's first segment.
            anchorStart = known.startMs
            var sequence = known.sequence
            while sequence > first {
                sequence -= 1
                anchorStart -= playlist.segments[sequence - first].duration.milliseconds
            }
        } else if let last = segments.last, first > last.sequence {
            anchorStart = last.endMs
        }
        var placed: [TimelineSegment] = []
        placed.reserveCapacity(playlist.segments.count)
        var position = anchorStart
        var lastDate: Int64?
        for (index, segment) in playlist.segments.enumerated() {
            let duration = segment.duration.milliseconds
            let date = segment.programDateTime?.millisecondsSince1970 ?? lastDate
            placed.append(TimelineSegment(
                sequence: first + index, startMs: position, durationMs: duration, programDateTimeMs: date, uri: segment.uri))
            position += duration
            lastDate = date.map { $0 + duration }
        }
        segments = placed
        dateRanges = playlist.allDateRanges
        baseURL = url
        endList = playlist.endList
        targetDurationMs = Int64(playlist.targetDuration ?? 6) * 1000
    }

    /// The index of the segment holding `positionMs` (the last one for the very end).
    func index(containing positionMs: Int64) -> Int? {
        guard !segments.isEmpty else { return nil }
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].startMs <= positionMs { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The index of segment `sequence`, if it is in the window.
    func index(ofSequence sequence: Int) -> Int? {
        guard let first = segments.first?.sequence else { return nil }
        let index = sequence - first
        return segments.indices.contains(index) ? index : nil
    }

    /// Wall-clock time at `positionMs`, from PROGRAM-DATE-TIME.
    func time(atPosition positionMs: Int64) -> Int64? {
        guard let index = index(containing: positionMs), let date = segments[index].programDateTimeMs else { return nil }
        return date + (positionMs - segments[index].startMs)
    }

    /// Position of wall-clock `timeMs`, when a segment in the window covers it.
    func position(atTime timeMs: Int64) -> Int64? {
        guard let first = segments.first, let firstDate = first.programDateTimeMs else { return nil }
        // Segments are contiguous in time, so a first guess from the first segment is exact
        // unless a discontinuity jumps the dates; then look the segment up properly.
        let guess = first.startMs + (timeMs - firstDate)
        if let index = index(containing: guess), let date = segments[index].programDateTimeMs,
           date <= timeMs, timeMs <= date + segments[index].durationMs {
            return segments[index].startMs + (timeMs - date)
        }
        for segment in segments {
            guard let date = segment.programDateTimeMs else { continue }
            if date <= timeMs && timeMs < date + segment.durationMs { return segment.startMs + (timeMs - date) }
        }
        return nil
    }

    /// The absolute URL of a segment.
    func url(of segment: TimelineSegment) -> URL? {
        baseURL.flatMap { HLSURI.resolve(segment.uri, against: $0) }
    }
}
