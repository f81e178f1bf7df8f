import Foundation
import Synchronization

/// Playlist bytes built once and served until they change: a live window only changes at a
/// segment boundary, a VOD playlist never, so building per request would repeat the same work
/// (a 2-hour DVR window is ~3,600 segments).
final class PlaylistCache: Sendable {
    private let entries = Mutex<[String: Data]>([:])
    private let capacity: Int

    init(capacity: Int = 1024) { self.capacity = capacity }

    /// The bytes for `key`, built by `make` on a miss (nil results are not cached).
    func bytes(for key: String, make: () -> Data?) -> Data? {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        guard let built = make() else { return nil }
        entries.withLock { cache in
            // Live keys carry the sequence number, so old windows pile up: start over when full.
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = built
        }
        return built
    }

    /// Forgets everything (after a fixtures reload).
    func removeAll() { entries.withLock { $0.removeAll() } }
}
