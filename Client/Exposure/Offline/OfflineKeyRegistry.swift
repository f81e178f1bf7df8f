import Foundation
import Synchronization

/// The process's live ``OfflineKeySource``s, weakly held: where a playable made without a key
/// source (`OfflineMediaPlayable(assetId:entitlement:url:)`, as code written against the
/// official SDK makes it) finds the source that holds its package. Every `OfflineManager` joins
/// ``shared`` when it is made and leaves it when it is released; the registry keeps none alive.
public final class OfflineKeyRegistry: Sendable {
    /// The process's registry.
    public static let shared = OfflineKeyRegistry()

    private struct Entry {
        weak var source: (any OfflineKeySource)?
    }

    private let entries = Mutex<[Entry]>([])

    /// An empty registry.
    public init() {}

    /// Adds `source`, held weakly, unless it is already there.
    public func register(_ source: any OfflineKeySource) {
        entries.withLock { entries in
            entries.removeAll { $0.source == nil }
            if !entries.contains(where: { $0.source === source }) { entries.append(Entry(source: source)) }
        }
    }

    /// The live source that holds the download of `assetId` whose master playlist is `url`
    /// (``OfflineKeySource/holdsPackage(_:assetId:)``); nil when none does.
    public func source(forPackage url: URL, assetId: String) -> (any OfflineKeySource)? {
        let live = entries.withLock { entries in
            entries.removeAll { $0.source == nil }
            return entries.compactMap(\.source)
        }
        return live.first { $0.holdsPackage(url, assetId: assetId) }
    }
}
