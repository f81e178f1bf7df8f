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
        var nowMs: Int64
        var horizonMs: Int64
    }

    /// The time, the horizon, and the waits parked past it (tagged with their deadlines).
    private let waiters: CancellableWaiters<State, Int64>

    /// A clock reading `startMs` that runs freely (no horizon) unless `horizonMs` is given.
    public init(startMs: Int64, horizonMs: Int64 = .max) {
        waiters = CancellableWaiters(State(nowMs: startMs, horizonMs: horizonMs))
    }

    /// The current virtual time.
    public var now: WallTime { WallTime(millisecondsSince1970: waiters.withState { $0.nowMs }) }

    /// The instant past which waits suspend.
    public var horizonMs: Int64 { waiters.withState { $0.horizonMs } }

    /// Moves to the deadline at once when it is within the horizon, else suspends until it is
    /// (or until the calling task is cancelled: then it throws `CancellationError`, and the
    /// clock stays where it was).
    public func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let deadlineMs = deadline.millisecondsSince1970
        let immediate = waiters.withState { state -> Bool in
            guard deadlineMs <= state.horizonMs else { return false }
            state.nowMs = max(state.nowMs, deadlineMs)
            return true
        }
        if immediate {
            // Let tasks woken by the previous step (event consumers) run before the next one.
            await Task.yield()
            return
        }
        _ = await waiters.wait(tag: deadlineMs) { state in
            guard deadlineMs <= state.horizonMs else { return false }
            state.nowMs = max(state.nowMs, deadlineMs)
            return true
        }
        try Task.checkCancellation()
    }

    /// Moves the horizon to `instantMs` and wakes the waiter whose deadline it now covers;
    /// the clock itself moves only as far as that waiter's deadline.
    public func advance(to instantMs: Int64) {
        waiters.wake { state, deadlines in
            state.horizonMs = max(state.horizonMs, instantMs)
            let horizon = state.horizonMs
            let ready = deadlines.indices.filter { deadlines[$0] <= horizon }.sorted { deadlines[$0] < deadlines[$1] }
            if let last = ready.last { state.nowMs = max(state.nowMs, deadlines[last]) }
            return ready
        }
    }

    /// Moves the horizon `milliseconds` past the current horizon (or the current time when free).
    public func advance(by milliseconds: Int64) {
        let base = waiters.withState { $0.horizonMs == .max ? $0.nowMs : $0.horizonMs }
        advance(to: base + milliseconds)
    }

    /// Removes the horizon: from now on every wait returns at once.
    public func runFreely() { advance(to: .max) }

    /// Puts the horizon at the current time: from now on a wait past it suspends until the test
    /// moves the horizon. A free clock jumps as fast as its driver waits, whatever is still in
    /// flight beside it (an analytics batch on its own task); holding it at an instant the test
    /// learns only as it happens (a player's event) lets the test say how far time goes from there.
    public func hold() { waiters.withState { $0.horizonMs = $0.nowMs } }
}
