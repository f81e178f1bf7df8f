import Clocks
import ExposureModels
import Foundation
import Synchronization

/// The bodies of anonymous, unshaped asset lists (the official SDK's default list), kept by
/// origin (image URLs name it: ``ServedAssets``) and query string, so a repeated list is one
/// lookup instead of a filter, a sort and a page.
///
/// Time changes a list only through its assets' publication windows, so a body is kept with the
/// stretch of time between two publication boundaries it was made in, and made again once the
/// platform clock is outside that stretch (whichever way the clock moved). One store per catalog
/// load, so a reload never serves an old list.
final class AssetListBodies: Sendable {
    /// Every instant at which some asset's publication starts or ends, sorted; the instant after
    /// each too, so the rule holds whether a window's end is inclusive or not.
    private let boundaries: [WallTime]
    private let bodies = Mutex<[String: Entry]>([:])
    /// Origin and query pairs kept before the store starts over (a client paging through a large catalog).
    private static let limit = 1_024

    private struct Entry {
        let stretch: Int
        let body: Data
    }

    init(assets: [Asset]) {
        var instants = Set<WallTime>()
        for publication in assets.flatMap({ $0.publications ?? [] }) {
            for date in [publication.fromDate, publication.toDate].compactMap({ $0 }) {
                let instant = WallTime(date)
                instants.formUnion([instant, instant + .milliseconds(1)])
            }
        }
        boundaries = instants.sorted()
    }

    /// The list for `query` served to `origin` at `now`: the kept body while still valid, else
    /// `make()`'s, kept.
    func body(origin: String, query: String, at now: WallTime, make: () -> Data) -> Data {
        let stretch = stretch(at: now)
        // A raw query holds no space (the server refuses whitespace in the target): the last one separates.
        let key = origin + " " + query
        if let entry = bodies.withLock({ $0[key] }), entry.stretch == stretch { return entry.body }
        let body = make()
        bodies.withLock { kept in
            if kept.count >= Self.limit, kept[key] == nil { kept.removeAll() }
            kept[key] = Entry(stretch: stretch, body: body)
        }
        return body
    }

    /// How many boundaries lie at or before `now`: equal for two instants between the same two.
    private func stretch(at now: WallTime) -> Int {
        var low = 0
        var high = boundaries.count
        while low < high {
            let middle = (low + high) / 2
            if boundaries[middle] <= now { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
