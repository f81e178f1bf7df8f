import Clocks
import Foundation
import HLS

/// The playlist's EXT-X-DATERANGE metadata as the app filtered it, and which of it is active
/// at the playhead.
struct MetadataTracker: Sendable {
    /// The client attributes the app asked for (all when empty), trimmed.
    let identifiers: Set<String>
    /// Every range of the playlist that passes the filter.
    package private(set) var catalog: [DateRangeMetadata] = []
    /// The tags `catalog` was made from.
    private var loaded: [DateRange] = []
    /// The ranges active at the playhead, as last reported.
    private(set) var active: [DateRangeMetadata] = []
    /// Where no range of the catalog starts or ends around the time ``active`` was worked out for:
    /// while the playhead stays inside, the active ranges are the same (nil: work them out).
    private var steady: SteadySpan?

    init(identifiers: [String]) {
        self.identifiers = Set(identifiers.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    /// Takes the ranges of a newly loaded playlist (nothing to do when they are the ones
    /// loaded last: the same array compares equal at once).
    mutating func load(_ ranges: [DateRange]) {
        guard ranges != loaded else { return }
        loaded = ranges
        catalog = DateRangeMetadata.catalog(ranges, identifiers: identifiers)
        steady = nil
    }

    /// The ranges active at `time` when they differ from the last report, else nil.
    mutating func change(at time: WallTime) -> [DateRangeMetadata]? {
        // Asked after every input: the catalog is gone through only when the playhead left the span
        // the active ranges were worked out for.
        if let steady, steady.contains(time) { return nil }
        steady = SteadySpan(around: time, in: catalog)
        let now = catalog.filter { $0.isActive(at: time) }
        guard now != active else { return nil }
        active = now
        return now
    }

    /// The next range start or end after `time`, where the active set may change.
    func nextEdge(after time: WallTime) -> WallTime? {
        if let steady, steady.contains(time) { return steady.end }
        return SteadySpan(around: time, in: catalog).end
    }

    /// The span around an instant between the catalog's range edges (starts and ends) on either side
    /// of it: the latest edge at or before it to the earliest after it. ``DateRangeMetadata/isActive(at:)``
    /// gives the same answer for every time inside.
    private struct SteadySpan: Sendable {
        /// The latest edge at or before the instant; nil: none (the span reaches back forever).
        let start: WallTime?
        /// The earliest edge after the instant; nil: none (the span reaches on forever).
        let end: WallTime?

        init(around time: WallTime, in catalog: [DateRangeMetadata]) {
            var start: WallTime?
            var end: WallTime?
            func take(_ edge: WallTime) {
                if edge <= time { start = max(start ?? edge, edge) } else { end = min(end ?? edge, edge) }
            }
            for range in catalog {
                take(range.start)
                if let rangeEnd = range.end { take(rangeEnd) }
            }
            self.start = start
            self.end = end
        }

        func contains(_ time: WallTime) -> Bool {
            (start.map { $0 <= time } ?? true) && (end.map { time < $0 } ?? true)
        }
    }
}
