import Synchronization

/// A server clock that moves only when a test moves it: a fault's delay or a throttled body
/// takes no real time. Hand it to the server (or `MockPlatform.start(serverClock:)`), wait until
/// the answer is parked on it (`MockPlatform.untilParked(on:)`), then ``advance(by:)``.
///
/// The server's own deadlines run on it too: the request-head sweep keeps one wake pending at
/// all times, and moving the clock past the head timeout (30 s by default) cuts connections
/// still waiting for a request head, idle kept-alive ones included.
public final class ManualServerClock: ServerClock {
    private struct Waiter {
        let id: Int
        let count: Int
        let resume: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Duration.zero
        var wakes: [(deadline: Duration, action: @Sendable () -> Void)] = []
        var waiters: [Waiter] = []
        var nextWaiterId = 0

        /// Takes the waiters whose count of pending wakes has been reached.
        mutating func takeReady() -> [CheckedContinuation<Void, Never>] {
            let count = wakes.count
            let ready = waiters.filter { $0.count <= count }.map(\.resume)
            waiters.removeAll { $0.count <= count }
            return ready
        }
    }

    private let state = Mutex(State())

    /// A clock at zero with nothing waiting.
    public init() {}

    /// Time moved on so far.
    public var now: Duration { state.withLock { $0.now } }

    /// Calls `action` at once when `deadline` has come, else when ``advance(by:)`` reaches it.
    public func wake(at deadline: Duration, _ action: @escaping @Sendable () -> Void) {
        let (due, ready) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
            guard deadline > state.now else { return (true, []) }
            state.wakes.append((deadline, action))
            return (false, state.takeReady())
        }
        ready.forEach { $0.resume() }
        if due { action() }
    }

    /// Wakes registered and not yet called, the server's own sweep among them.
    public var pendingWakes: Int { state.withLock { $0.wakes.count } }

    /// Returns once at least `count` wakes are pending, or when the task is cancelled; it never
    /// polls.
    public func untilWaiting(_ count: Int) async {
        let id = state.withLock { state in
            defer { state.nextWaiterId += 1 }
            return state.nextWaiterId
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state -> Bool in
                    guard state.wakes.count < count, !Task.isCancelled else { return true }
                    state.waiters.append(Waiter(id: id, count: count, resume: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index).resume
            }
            waiter?.resume()
        }
    }

    /// Moves time on by `step` and calls every wake that came due, earliest first.
    public func advance(by step: Duration) {
        let due = state.withLock { state in
            state.now += step
            let now = state.now
            let due = state.wakes.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.wakes.removeAll { $0.deadline <= now }
            return due
        }
        for wake in due { wake.action() }
    }
}
