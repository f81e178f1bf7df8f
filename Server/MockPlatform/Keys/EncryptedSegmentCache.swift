import Foundation
import Synchronization

/// Encrypted segment bodies kept for the next client asking for the same segment: a segment's
/// ciphertext depends only on its file, its key (key period) and its IV (media sequence number),
/// so every player of the same window fetches the same bytes, and encrypting them once instead
/// of per request keeps an encrypted segment as cheap to serve as a clear one
/// (`scripts/bench-serve-encrypted`). One cache belongs to one loaded catalog, so a fixtures
/// reload starts from an empty one.
///
/// The cache stays under a byte budget: past it the oldest entries go first (a live window
/// moves on, so what was added first is what players stopped asking for soonest).
final class EncryptedSegmentCache: Sendable {
    /// Which ciphertext: the media file, the key it is encrypted with and the IV's sequence number.
    struct Key: Hashable, Sendable {
        let path: String
        let keyId: ContentKeyID
        let sequence: Int
    }

    private struct Storage {
        var entries: [Key: Data] = [:]
        /// Keys in the order they were added, from `head` on (earlier slots are evicted).
        var order: [Key] = []
        var head = 0
        var totalBytes = 0

        mutating func evictOldest() {
            let key = order[head]
            head += 1
            if let evicted = entries.removeValue(forKey: key) { totalBytes -= evicted.count }
            if head > order.count / 2 {
                order.removeFirst(head)
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
        if let hit = storage.withLock({ $0.entries[key] }) { return hit }
        let body = try encrypt()
        guard body.count <= byteBudget else { return body }
        storage.withLock { storage in
            guard storage.entries[key] == nil else { return }
            while storage.totalBytes + body.count > byteBudget { storage.evictOldest() }
            storage.entries[key] = body
            storage.order.append(key)
            storage.totalBytes += body.count
        }
        return body
    }

    /// How many bytes of ciphertext it holds.
    var totalBytes: Int { storage.withLock { $0.totalBytes } }
}
