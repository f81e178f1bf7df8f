/// The test clock: it reads what the test set and moves only when the test moves it
/// (``advance(by:)``, ``advance(to:)``), then wakes every sleep and call-back whose deadline it
/// passed, earliest first. A 10-second fault delay, a license timer or a report backoff fires
/// exactly when the test says, and takes no real time.
///
/// ``untilWaiting(_:)`` lets a test wait, without polling, until the code under test has
/// something waiting on the clock (a connection parked on a fault delay, say) before it moves it.
public final class ManualClock: WakingClock {
    /// What the clock's waits are parked for.
    private enum Waiting: Sendable {
        /// A sleep until the instant.
        case sleep(until: WallTime)
        /// ``untilWaiting(_:)``, for that many call-backs.
        case count(Int)
    }

    private struct State: Sendable {
        var now: WallTime
        /// Call-backs registered with ``wake(at:_:)`` and not called yet.
        var wakes: [(deadline: WallTime, action: @Sendable () -> Void)] = []
    }

    /// The time, the call-backs, and the sleeps and ``untilWaiting(_:)`` calls parked on it.
    private let waiters: CancellableWaiters<State, Waiting>

    /// A clock reading `start` (1970-01-01T00:00:00Z unless given) with nothing waiting.
    public init(at start: WallTime = .epoch) {
        waiters = CancellableWaiters(State(now: start))
    }

    /// The time the test set.
    public var now: WallTime { waiters.withState { $0.now } }

    /// Returns once the clock has been moved to `deadline` or past it; throws
    /// `CancellationError` when the calling task is cancelled first.
    public func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        guard await waiters.wait(tag: .sleep(until: deadline), readyNow: { $0.now >= deadline }) else {
            throw CancellationError()
        }
    }

    /// Calls `action` at once when `deadline` has come, else when the clock is moved to it.
    public func wake(at deadline: WallTime, _ action: @escaping @Sendable () -> Void) {
        var due = false
        waiters.wake { state, tags in
            guard deadline > state.now else {
                due = true
                return []
            }
            state.wakes.append((deadline, action))
            return Self.satisfiedCounts(state, tags)
        }
        if due { action() }
    }

    /// Call-backs registered with ``wake(at:_:)`` and not called yet.
    public var pendingWakes: Int { waiters.withState { $0.wakes.count } }

    /// Returns once at least `count` call-backs wait on the clock, or when the task is cancelled;
    /// it never polls.
    public func untilWaiting(_ count: Int) async {
        _ = await waiters.wait(tag: .count(count)) { $0.wakes.count >= count }
    }

    /// Moves the clock to `instant` (never back) and wakes every sleep and call-back it reached,
    /// earliest first.
    public func advance(to instant: WallTime) {
        var due: [(deadline: WallTime, action: @Sendable () -> Void)] = []
        waiters.wake { state, tags in
            state.now = max(state.now, instant)
            let now = state.now
            due = state.wakes.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.wakes.removeAll { $0.deadline <= now }
            let sleeps = tags.indices.compactMap { index -> (Int, WallTime)? in
                guard case .sleep(let deadline) = tags[index], deadline <= now else { return nil }
                return (index, deadline)
            }
            return sleeps.sorted { $0.1 < $1.1 }.map(\.0)
        }
        for wake in due { wake.action() }
    }

    /// Moves the clock `step` on (``advance(to:)``).
    public func advance(by step: Duration) { advance(to: now + step) }

    /// The ``untilWaiting(_:)`` calls whose count the state has reached.
    private static func satisfiedCounts(_ state: State, _ tags: [Waiting]) -> [Int] {
        let waiting = state.wakes.count
        return tags.indices.filter { index in
            if case .count(let count) = tags[index] { count <= waiting } else { false }
        }
    }
}
