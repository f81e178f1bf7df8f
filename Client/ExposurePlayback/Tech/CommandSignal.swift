import Synchronization

/// How the playback loop learns that a command was queued while it waits: ``signal()`` wakes a
/// waiting ``wait()`` at once, or makes the next one return at once.
///
/// Like a binary semaphore with a cancellable wait: the loop waits for "the next deadline or the
/// next command, whichever comes first" by racing this wait against its clock's sleep.
final class CommandSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: (id: UInt64, continuation: CheckedContinuation<Void, Never>)?
        var nextWaiterId: UInt64 = 0
    }

    private let state = Mutex(State())

    /// Wakes the waiter, or leaves the signal pending for the next wait.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter.continuation
        }
        waiter?.resume()
    }

    /// Returns once signalled (taking the signal), or when the calling task is cancelled (leaving
    /// any later signal pending). One waiter at a time: the playback loop.
    func wait() async {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiterId &+= 1
            return state.nextWaiterId
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool in
                    // Cancelled already: leave any pending signal for the next wait.
                    if Task.isCancelled { return true }
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    state.waiter = (id, continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let waiter = state.waiter, waiter.id == id else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            waiter?.resume()
        }
    }
}
