import Foundation
import Synchronization

/// Playlist bytes built once and served until they change: a live window only changes at a
/// segment boundary, a VOD playlist never, so building per request would repeat the same work
/// (a 2-hour DVR window is ~3,600 segments, ~400 KB).
///
/// Each playlist keeps only its latest version, and the whole cache stays under a byte budget,
/// so hours of live playback do not pile up old windows.
final class PlaylistCache: Sendable {
    private struct Entry {
        let version: String
        let bytes: Data
    }

    private struct Storage {
        var entries: [String: Entry] = [:]
        var totalBytes = 0
    }

    private let storage = Mutex(Storage())
    private let byteBudget: Int

    init(byteBudget: Int = 64 << 20) { self.byteBudget = byteBudget }

    /// The bytes of `playlist` at `version` (e.g. its window), built by `make` on a miss; nil
    /// results are not cached.
    func bytes(for playlist: String, version: String, make: () -> Data?) -> Data? {
        if let hit = storage.withLock({ $0.entries[playlist] }), hit.version == version { return hit.bytes }
        guard let built = make() else { return nil }
        storage.withLock { storage in
            if let replaced = storage.entries[playlist] { storage.totalBytes -= replaced.bytes.count }
            if storage.totalBytes + built.count > byteBudget {
                storage.entries.removeAll(keepingCapacity: true)
                storage.totalBytes = 0
            }
            storage.entries[playlist] = Entry(version: version, bytes: built)
            storage.totalBytes += built.count
        }
        return built
    }
}
