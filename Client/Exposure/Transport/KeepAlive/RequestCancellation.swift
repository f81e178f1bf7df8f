import Synchronization

/// Lets a cancelled task stop its request: the request's blocking socket calls run on another
/// thread, so cancelling interrupts the connection they are using.
final class RequestCancellation: Sendable {
    private let state = Mutex<(cancelled: Bool, connection: SocketConnection?)>((false, nil))

    /// Marks the request cancelled and interrupts the connection it is using, if any.
    func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.connection
        }?.interrupt()
    }

    /// Registers the connection the request is about to use; throws `CancellationError` when
    /// the request was cancelled already.
    func attach(_ connection: SocketConnection) throws {
        let cancelled = state.withLock { state in
            if !state.cancelled { state.connection = connection }
            return state.cancelled
        }
        if cancelled { throw CancellationError() }
    }

    /// Unregisters the connection, before it is pooled or dropped; returns whether the request
    /// was cancelled meanwhile (the connection may then have been interrupted).
    func detach() -> Bool {
        state.withLock { state in
            state.connection = nil
            return state.cancelled
        }
    }
}
