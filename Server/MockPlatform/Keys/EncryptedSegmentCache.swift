import Foundation
import Synchronization

/// Encrypted segment bodies kept for the next client asking for the same segment: a segment's
/// ciphertext depends only on its file, its key (key period) and its IV (media sequence number),
/// so every player of the same window fetches the same bytes, and encrypting them once instead
/// of per request keeps an encrypted segment as cheap to serve as a clear one
/// (`scripts/bench-serve-encrypted`). One cache belongs to one loaded catalog, so a fixtures
/// reload starts from an empty one.
///
/// The cache stays under a byte budget: past it the entries used least recently go first (a
/// live window moves on, so what players stopped asking for leaves, while a VOD's segments that
/// many players fetch stay). `POST /_mock/reset` empties it.
final class EncryptedSegmentCache: Sendable {
    /// Which ciphertext: the media file, the key it is encrypted with and the IV's sequence number.
    struct Key: Hashable, Sendable {
        let path: String
        let keyId: ContentKeyID
        let sequence: Int
    }

    private struct Entry {
        let body: Data
        /// When it was last used: the `clock` of that moment.
        var lastUse: Int
    }

    private struct Storage {
        var entries: [Key: Entry] = [:]
        /// Every use in order, from `head` on (earlier slots are gone). A use whose stamp is no
        /// longer its entry's `lastUse` was followed by a later one and is skipped.
        var uses: [(key: Key, stamp: Int)] = []
        var head = 0
        var clock = 0
        var totalBytes = 0

        mutating func use(_ key: Key) {
            clock += 1
            entries[key]?.lastUse = clock
            uses.append((key, clock))
            // Hits with no eviction between them leave stale uses behind: dropped once they
            // outnumber the entries, so the queue stays proportional to what is kept.
            if uses.count - head > 2 * entries.count + 16 {
                uses = uses[head...].filter { entries[$0.key]?.lastUse == $0.stamp }
                head = 0
            }
        }

        mutating func evictLeastRecentlyUsed() {
            while head < uses.count {
                let (key, stamp) = uses[head]
                head += 1
                if entries[key]?.lastUse == stamp {
                    if let evicted = entries.removeValue(forKey: key) { totalBytes -= evicted.body.count }
                    break
                }
            }
            if head > uses.count / 2 {
                uses.removeFirst(head)
                head = 0
            }
        }
    }

    private let storage = Mutex(Storage())
    /// The most bytes of ciphertext kept at once.
    let byteBudget: Int

    /// An empty cache keeping at most `byteBudget` bytes (64 MiB by default: a few hundred
    /// segments, a live window's last minutes in every rendition).
    init(byteBudget: Int = 64 << 20) { self.byteBudget = byteBudget }

    /// The ciphertext of `key`, made by `encrypt` on a miss; a body over the budget is not kept.
    func body<Failure: Error>(for key: Key, encrypt: () throws(Failure) -> Data) throws(Failure) -> Data {
        let hit = storage.withLock { storage -> Data? in
            guard let body = storage.entries[key]?.body else { return nil }
            storage.use(key)
            return body
        }
        if let hit { return hit }
        let body = try encrypt()
        guard body.count <= byteBudget else { return body }
        storage.withLock { storage in
            guard storage.entries[key] == nil else { return }
            while storage.totalBytes + body.count > byteBudget { storage.evictLeastRecentlyUsed() }
            storage.entries[key] = Entry(body: body, lastUse: 0)
            storage.totalBytes += body.count
            storage.use(key)
        }
        return body
    }

    /// Forgets every ciphertext (`POST /_mock/reset`).
    func removeAll() { storage.withLock { $0 = Storage() } }

    /// How many bytes of ciphertext it holds.
    var totalBytes: Int { storage.withLock { $0.totalBytes } }
}
