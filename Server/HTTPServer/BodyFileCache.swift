import Foundation

/// Memory files mirroring large response bodies the server sends again and again (a cached live
/// playlist, a media segment), so each later send is one sendfile from the kernel's pages instead
/// of a copy of the whole body from user memory.
///
/// A body is recognised by its storage: the cache keeps every body it tracks alive, so an address
/// and length seen again are the same immutable bytes. The first send of a body only remembers
/// it; the second makes the mirror, so one-off bodies never pay for a file. Bodies seen once
/// have a small budget of their own (so fresh one-off answers are not kept alive long); least
/// recently used entries go once either budget is exceeded.
final class BodyFileCache: Sendable {
    private struct Key: Hashable {
        let address: UInt
        let count: Int
    }

    private struct Entry {
        let body: Data
        var file: MemoryFile?
        var lastUse: Int
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        /// Bytes of every tracked body, plus those of every mirror.
        var trackedBytes = 0
        /// Bytes of the bodies seen once and not mirrored.
        var unmirroredBytes = 0
        var uses = 0

        mutating func remove(_ key: Key) {
            guard let entry = entries.removeValue(forKey: key) else { return }
            trackedBytes -= entry.body.count + (entry.file?.count ?? 0)
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

    /// A cache tracking at most `budgetBytes` of bodies (each mirrored body counts twice: its
    /// bytes and its file), of which at most `unmirroredBudgetBytes` seen only once.
    init(budgetBytes: Int = 64 << 20, unmirroredBudgetBytes: Int = 8 << 20) {
        self.budgetBytes = budgetBytes
        self.unmirroredBudgetBytes = unmirroredBudgetBytes
    }

    /// The mirror of `body`, or nil when it is seen for the first time (or no file can be made).
    func file(for body: Data) -> MemoryFile? {
        guard let address = body.withUnsafeBytes({ $0.baseAddress.map { UInt(bitPattern: $0) } }) else { return nil }
        let key = Key(address: address, count: body.count)
        let known = state.withLock { state -> (seen: Bool, file: MemoryFile?) in
            state.uses += 1
            guard var entry = state.entries[key] else {
                state.entries[key] = Entry(body: body, file: nil, lastUse: state.uses)
                state.trackedBytes += body.count
                state.unmirroredBytes += body.count
                evict(&state, keeping: key)
                return (false, nil)
            }
            entry.lastUse = state.uses
            state.entries[key] = entry
            return (true, entry.file)
        }
        guard known.seen else { return nil }
        if let file = known.file { return file }
        // Made outside the lock; two threads racing here both make one and the first kept wins.
        guard let made = MemoryFile(body) else { return nil }
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
