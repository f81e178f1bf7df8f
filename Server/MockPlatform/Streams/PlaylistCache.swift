import Foundation
import HLS
import Synchronization

/// Playlist bytes built once and served until they change: a live window only changes at a
/// segment boundary, a VOD playlist never, so building per request would repeat the same work
/// (a 2-hour DVR window is ~3,600 segments, ~400 KB). One cache belongs to one loaded catalog,
/// so a fixtures reload starts from an empty one.
///
/// Each playlist keeps only its latest window, and the whole cache stays under a byte budget,
/// so hours of live playback do not pile up old windows.
final class PlaylistCache: Sendable {
    /// Which playlist: the request path (or a scope standing for every path serving the same
    /// bytes, such as an SSAI stream's play sessions), the file named in it, and which Playlist
    /// Delta Update it is (nil: the full playlist).
    struct Key: Hashable, Sendable {
        let stream: String
        let file: String
        var deltaUpdate: DeltaUpdateRequest?
    }

    private struct Entry {
        let window: ClosedRange<Int>?
        let bytes: Data
    }

    private struct Storage {
        var entries: [Key: Entry] = [:]
        var totalBytes = 0
    }

    private let storage = Mutex(Storage())
    private let byteBudget: Int

    init(byteBudget: Int = 64 << 20) { self.byteBudget = byteBudget }

    /// The bytes of the playlist `key` listing the segments `window` (nil: a playlist that does
    /// not change while its catalog is in use), built by `make` on a miss; nil results are not cached.
    func bytes(for key: Key, window: ClosedRange<Int>?, make: () -> Data?) -> Data? {
        if let hit = storage.withLock({ $0.entries[key] }), hit.window == window { return hit.bytes }
        guard let built = make() else { return nil }
        storage.withLock { storage in
            if let replaced = storage.entries[key] { storage.totalBytes -= replaced.bytes.count }
            if storage.totalBytes + built.count > byteBudget {
                storage.entries.removeAll(keepingCapacity: true)
                storage.totalBytes = 0
            }
            storage.entries[key] = Entry(window: window, bytes: built)
            storage.totalBytes += built.count
        }
        return built
    }
}
