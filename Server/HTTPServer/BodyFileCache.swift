import Foundation

/// Memory files mirroring large response bodies the server sends again and again (a cached live
/// playlist, a media segment), so each later send is one sendfile from the kernel's pages instead
/// of a copy of the whole body from user memory.
///
/// A body is recognised by its storage: the cache keeps every body it tracks alive, so an address
/// and length seen again are the same immutable bytes. The first send of a body only remembers
/// it; the second makes the mirror, so one-off bodies never pay for a file. Least recently used
/// entries go once the tracked bytes exceed the budget.
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
        var trackedBytes = 0
        var uses = 0
    }

    private let state = Locked(State())
    private let budgetBytes: Int

    /// A cache tracking at most `budgetBytes` of bodies (each mirrored body counts twice: its
    /// bytes and its file).
    init(budgetBytes: Int = 128 << 20) { self.budgetBytes = budgetBytes }

    /// The mirror of `body`, or nil when it is seen for the first time (or no file can be made).
    func file(for body: Data) -> MemoryFile? {
        guard let address = body.withUnsafeBytes({ $0.baseAddress.map { UInt(bitPattern: $0) } }) else { return nil }
        let key = Key(address: address, count: body.count)
        let known = state.withLock { state -> (seen: Bool, file: MemoryFile?) in
            state.uses += 1
            guard var entry = state.entries[key] else {
                state.entries[key] = Entry(body: body, file: nil, lastUse: state.uses)
                state.trackedBytes += body.count
                Self.evict(&state, budget: budgetBytes, keeping: key)
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
            Self.evict(&state, budget: budgetBytes, keeping: key)
            return made
        }
    }

    /// Bodies tracked now, mirrored or not (for tests).
    var trackedBodies: Int { state.withLock { $0.entries.count } }

    private static func evict(_ state: inout State, budget: Int, keeping key: Key) {
        while state.trackedBytes > budget, state.entries.count > 1 {
            guard let oldest = state.entries.filter({ $0.key != key }).min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
            state.entries[oldest.key] = nil
            state.trackedBytes -= oldest.value.body.count + (oldest.value.file?.count ?? 0)
        }
    }
}
