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

    init(identifiers: [String]) {
        self.identifiers = Set(identifiers.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }

    /// Takes the ranges of a newly loaded playlist (nothing to do when they are the ones
    /// loaded last: the same array compares equal at once).
    mutating func load(_ ranges: [DateRange]) {
        guard ranges != loaded else { return }
        loaded = ranges
        catalog = DateRangeMetadata.catalog(ranges, identifiers: identifiers)
    }

    /// The ranges active at `time` when they differ from the last report, else nil.
    mutating func change(at time: WallTime) -> [DateRangeMetadata]? {
        // Asked after every input: compared in place, the active ranges copied only when they changed.
        let now = catalog.lazy.filter { $0.isActive(at: time) }
        guard !now.elementsEqual(active) else { return nil }
        active = Array(now)
        return active
    }

    /// The next range start or end after `time`, where the active set may change.
    func nextEdge(after time: WallTime) -> WallTime? {
        catalog.flatMap { [$0.start, $0.end ?? $0.start] }.filter { $0 > time }.min()
    }
}
