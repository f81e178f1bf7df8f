import Synchronization

/// Tasks parked until the state they wait on changes, each with a tag (a deadline, say), behind
/// one lock with that state: the one mechanism the clocks' sleeps and the player's command
/// signal park on.
///
/// A wait either goes on at once (`readyNow` says so, and may change the state as it goes), or
/// parks until ``wake(_:)`` picks it, or until its task is cancelled: then it leaves the list at
/// once and reports it, and the state stays as it was.
public final class CancellableWaiters<State: Sendable, Tag: Sendable>: Sendable {
    private struct Waiter {
        let id: UInt64
        let tag: Tag
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct Guarded {
        var state: State
        var waiters: [Waiter] = []
        var nextId: UInt64 = 0
    }

    private let guarded: Mutex<Guarded>

    /// Nobody waiting yet, on `state`.
    public init(_ state: State) { guarded = Mutex(Guarded(state: state)) }

    /// Reads or changes the state, under the lock, waking nobody.
    public func withState<Result>(_ body: (inout State) -> Result) -> Result {
        guarded.withLock { body(&$0.state) }
    }

    /// Returns at once when `readyNow` is true for the state (and not cancelled); else parks the
    /// calling task under `tag` until ``wake(_:)`` picks it. Returns false when the task was
    /// cancelled instead (before or while parked): it was then taken off the list, and
    /// `readyNow` was not asked, or said no.
    public func wait(tag: Tag, readyNow: (inout State) -> Bool) async -> Bool {
        let id = guarded.withLock { guarded -> UInt64 in
            guarded.nextId &+= 1
            return guarded.nextId
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let outcome = guarded.withLock { guarded -> Bool? in
                    if Task.isCancelled { return false }
                    if readyNow(&guarded.state) { return true }
                    guarded.waiters.append(Waiter(id: id, tag: tag, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(returning: outcome) }
            }
        } onCancel: {
            let cancelled = guarded.withLock { guarded -> Waiter? in
                guard let index = guarded.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return guarded.waiters.remove(at: index)
            }
            cancelled?.continuation.resume(returning: false)
        }
    }

    /// Changes the state and picks the waiters to wake, by their tags in the order they parked:
    /// `body` returns the positions to wake, in the order they wake. Their waits return true.
    public func wake(_ body: (inout State, _ tags: [Tag]) -> [Int]) {
        let woken = guarded.withLock { guarded -> [Waiter] in
            let positions = body(&guarded.state, guarded.waiters.map { $0.tag })
            let woken = positions.map { guarded.waiters[$0] }
            for position in Set(positions).sorted(by: >) { guarded.waiters.remove(at: position) }
            return woken
        }
        woken.forEach { $0.continuation.resume(returning: true) }
    }
}
