import Clocks

/// How the playback loop learns that a command was queued while it waits: ``signal()`` wakes a
/// waiting ``wait()`` at once, or makes the next one return at once.
///
/// Like a binary semaphore with a cancellable wait: the loop waits for "the next deadline or the
/// next command, whichever comes first" by racing this wait against its clock's sleep.
package final class CommandSignal: Sendable {
    /// Whether a signal is pending, and the loop's wait when it is parked.
    private let waiters = CancellableWaiters<Bool, Void>(false)

    /// A signal with nothing pending.
    package init() {}

    /// Wakes the waiter, or leaves the signal pending for the next wait.
    package func signal() {
        waiters.wake { pending, waiting in
            guard waiting.isEmpty else { return Array(waiting.indices) }
            pending = true
            return []
        }
    }

    /// Returns once signalled (taking the signal), or when the calling task is cancelled (leaving
    /// any later signal pending). One waiter at a time: the playback loop.
    package func wait() async {
        _ = await waiters.wait(tag: ()) { pending in
            defer { pending = false }
            return pending
        }
    }
}
