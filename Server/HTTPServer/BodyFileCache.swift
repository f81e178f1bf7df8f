import Foundation

/// Page-cache files mirroring large response bodies the server sends again and again (a cached
/// live playlist, a media segment), so each later send is one sendfile from the kernel's pages
/// instead of a copy of the whole body from user memory.
///
/// A body is recognised by its storage: the cache keeps every body it tracks alive, so an address
/// and length seen again are the same immutable bytes. The first send of a body only remembers
/// it; the second makes the mirror, so one-off bodies never pay for a file. Bodies seen once
/// have a small budget of their own (so fresh one-off answers are not kept alive long); least
/// recently used entries go once either budget is exceeded.
///
/// A mirrored body sent under the same head (same status, fields and Date second) as the send
/// before also gets a file of head and body together, so that while the head stays the same the
/// whole answer is a single sendfile, with no separate write for the head. It is replaced when
/// another head repeats, which for a busy playlist is once a second, when the Date moves on.
final class BodyFileCache: Sendable {
    /// Where an answer's bytes go out from.
    enum Source {
        /// A file holding the head and then the body: the whole answer.
        case headAndBody(PageCacheFile)
        /// A file holding the body: the head has to be written first.
        case body(PageCacheFile)
    }

    private struct Key: Hashable {
        let address: UInt
        let count: Int
    }

    private struct Entry {
        let body: Data
        var file: PageCacheFile?
        /// The head of the last send.
        var lastHead: [UInt8]
        /// A file of a repeated head followed by the body.
        var framed: (head: [UInt8], file: PageCacheFile)?
        /// Whether a thread is writing the next `framed` file now (the others send the mirror).
        var framing = false
        var lastUse: Int

        /// Bytes held for this body: its storage and its files.
        var bytes: Int { body.count + (file?.count ?? 0) + (framed?.file.count ?? 0) }
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// Bytes of every tracked body, plus those of every file made for one.
        var trackedBytes = 0
        /// Bytes of the bodies seen once and not mirrored.
        var unmirroredBytes = 0
        var uses = 0

        mutating func remove(_ key: Key) {
            guard let entry = entries.removeValue(forKey: key) else { return }
            trackedBytes -= entry.bytes
            if entry.file == nil { unmirroredBytes -= entry.body.count }
        }

        /// The least recently used entry other than `key` that `qualifies`.
        func oldest(except key: Key, where qualifies: (Entry) -> Bool) -> Key? {
            entries.filter { $0.key != key && qualifies($0.value) }.min { $0.value.lastUse < $1.value.lastUse }?.key
        }
    }

    private let state = Locked(State())
    private let budgetBytes: Int
    private let unmirroredBudgetBytes: Int

    /// A cache tracking at most `budgetBytes` of bodies (a mirrored body counts its bytes and
    /// each of its files), of which at most `unmirroredBudgetBytes` seen only once.
    init(budgetBytes: Int = 64 << 20, unmirroredBudgetBytes: Int = 8 << 20) {
        self.budgetBytes = budgetBytes
        self.unmirroredBudgetBytes = unmirroredBudgetBytes
    }

    /// Where `body`, announced by `head`, can be sent from; nil when the body is seen for the
    /// first time (or no file can be made).
    func source(for body: Data, head: [UInt8]) -> Source? {
        guard let address = body.withUnsafeBytes({ $0.baseAddress.map { UInt(bitPattern: $0) } }) else { return nil }
        let key = Key(address: address, count: body.count)
        let known = state.withLock { state -> (seen: Bool, file: PageCacheFile?, framed: PageCacheFile?, frames: Bool) in
            state.uses += 1
            guard var entry = state.entries[key] else {
                state.entries[key] = Entry(body: body, file: nil, lastHead: head, lastUse: state.uses)
                state.trackedBytes += body.count
                state.unmirroredBytes += body.count
                evict(&state, keeping: key)
                return (false, nil, nil, false)
            }
            entry.lastUse = state.uses
            if let framed = entry.framed, framed.head == head {
                state.entries[key] = entry
                return (true, entry.file, framed.file, false)
            }
            // One writer at a time, and only when this body with all its files fits in the budget
            // (evicting makes room by dropping other bodies, never the one being sent).
            let frames = entry.lastHead == head && entry.file != nil && !entry.framing
                && entry.bytes + head.count + body.count <= budgetBytes
            entry.lastHead = head
            entry.framing = entry.framing || frames
            state.entries[key] = entry
            return (true, entry.file, nil, frames)
        }
        guard known.seen else { return nil }
        if let framed = known.framed { return .headAndBody(framed) }
        guard let file = known.file else { return mirror(body, key: key).map(Source.body) }
        guard known.frames else { return .body(file) }
        let made = PageCacheFile(body, after: head)
        state.withLock { state in
            guard var entry = state.entries[key] else { return }
            entry.framing = false
            if let made {
                state.trackedBytes += made.count - (entry.framed?.file.count ?? 0)
                entry.framed = (head, made)
            }
            state.entries[key] = entry
            evict(&state, keeping: key)
        }
        return made.map(Source.headAndBody) ?? .body(file)
    }

    /// Makes the mirror of a body seen before. Made outside the lock; two threads racing here
    /// both make one and the first kept wins.
    private func mirror(_ body: Data, key: Key) -> PageCacheFile? {
        guard let made = PageCacheFile(body) else { return nil }
        return state.withLock { state in
            guard var entry = state.entries[key] else { return made }
            if let existing = entry.file { return existing }
            entry.file = made
            state.entries[key] = entry
            state.trackedBytes += made.count
            state.unmirroredBytes -= entry.body.count
            evict(&state, keeping: key)
            return made
        }
    }

    /// Bodies tracked now, mirrored or not (for tests).
    var trackedBodies: Int { state.withLock { $0.entries.count } }

    private func evict(_ state: inout State, keeping key: Key) {
        while state.unmirroredBytes > unmirroredBudgetBytes, let oldest = state.oldest(except: key, where: { $0.file == nil }) {
            state.remove(oldest)
        }
        while state.trackedBytes > budgetBytes, let oldest = state.oldest(except: key, where: { _ in true }) {
            state.remove(oldest)
        }
    }
}
