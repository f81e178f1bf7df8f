/// A clock that moves only when its one driver (the playback loop) waits on it.
///
/// The playback loop waits only when it has nothing in flight, so jumping straight to its
/// deadline never skips over a fetch: hours of live playback run as fast as the I/O allows.
/// A *horizon* stops the jump: a wait past it suspends until a test moves the horizon with
/// ``advance(to:)`` / ``advance(by:)``, so a test can look at the player at a chosen instant.
/// Meant for one driver per clock; two loops waiting on one clock would let one jump while
/// the other is mid-fetch.
public final class VirtualClock: WallClock {
    private struct State: Sendable {
        var now: WallTime
        var horizon: WallTime
    }

    /// The last instant there is: a clock whose horizon is there runs freely.
    public static let noHorizon = WallTime(millisecondsSince1970: .max)

    /// The time, the horizon, and the waits parked past it (tagged with their deadlines).
    private let waiters: CancellableWaiters<State, WallTime>

    /// A clock reading `start` that runs freely (no horizon) unless `horizon` is given.
    public init(start: WallTime, horizon: WallTime = VirtualClock.noHorizon) {
        waiters = CancellableWaiters(State(now: start, horizon: horizon))
    }

    /// The current virtual time.
    public var now: WallTime { waiters.withState { $0.now } }

    /// The instant past which waits suspend.
    public var horizon: WallTime { waiters.withState { $0.horizon } }

    /// Moves to the deadline at once when it is within the horizon, else suspends until it is
    /// (or until the calling task is cancelled: then it throws `CancellationError`, and the
    /// clock stays where it was).
    public func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let immediate = waiters.withState { state -> Bool in
            guard deadline <= state.horizon else { return false }
            state.now = max(state.now, deadline)
            return true
        }
        if immediate {
            // Let tasks woken by the previous step (event consumers) run before the next one.
            await Task.yield()
            return
        }
        _ = await waiters.wait(tag: deadline) { state in
            guard deadline <= state.horizon else { return false }
            state.now = max(state.now, deadline)
            return true
        }
        try Task.checkCancellation()
    }

    /// Moves the horizon to `instant` and wakes the waiter whose deadline it now covers;
    /// the clock itself moves only as far as that waiter's deadline.
    public func advance(to instant: WallTime) {
        waiters.wake { state, deadlines in
            state.horizon = max(state.horizon, instant)
            let horizon = state.horizon
            let ready = deadlines.indices.filter { deadlines[$0] <= horizon }.sorted { deadlines[$0] < deadlines[$1] }
            if let last = ready.last { state.now = max(state.now, deadlines[last]) }
            return ready
        }
    }

    /// Moves the horizon `step` past the current horizon (or the current time when free).
    public func advance(by step: Duration) {
        let base = waiters.withState { $0.horizon == Self.noHorizon ? $0.now : $0.horizon }
        advance(to: base + step)
    }

    /// Removes the horizon: from now on every wait returns at once.
    public func runFreely() { advance(to: Self.noHorizon) }

    /// Puts the horizon at the current time: from now on a wait past it suspends until the test
    /// moves the horizon. A free clock jumps as fast as its driver waits, whatever is still in
    /// flight beside it (an analytics batch on its own task); holding it at an instant the test
    /// learns only as it happens (a player's event) lets the test say how far time goes from there.
    public func hold() { waiters.withState { $0.horizon = $0.now } }
}
