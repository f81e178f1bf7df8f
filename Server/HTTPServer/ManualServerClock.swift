import Synchronization

/// A server clock that moves only when a test moves it: a fault's 30-s delay or a throttled
/// body takes no real time. Hand it to the server (or `MockPlatform.start(serverClock:)`), wait
/// until a connection is parked on it with ``untilWaiting(_:)``, then ``advance(by:)``.
public final class ManualServerClock: ServerClock {
    private struct State {
        var now = Duration.zero
        var wakes: [(deadline: Duration, action: @Sendable () -> Void)] = []
        var waiters: [(count: Int, resume: CheckedContinuation<Void, Never>)] = []
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
            return (false, Self.takeReady(&state))
        }
        ready.forEach { $0.resume() }
        if due { action() }
    }

    /// Wakes registered and not yet called: the connections waiting on this clock.
    public var pendingWakes: Int { state.withLock { $0.wakes.count } }

    /// Returns once at least `count` wakes are pending (a delayed or throttled answer parked),
    /// without polling.
    public func untilWaiting(_ count: Int = 1) async {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Bool in
                guard state.wakes.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
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

    private static func takeReady(_ state: inout State) -> [CheckedContinuation<Void, Never>] {
        let count = state.wakes.count
        let ready = state.waiters.filter { $0.count <= count }.map(\.resume)
        state.waiters.removeAll { $0.count <= count }
        return ready
    }
}
