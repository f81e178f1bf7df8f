import Foundation
import Synchronization

/// A clock that moves only when its one driver (the playback loop) waits on it.
///
/// The playback loop waits only when it has nothing in flight, so jumping straight to its
/// deadline never skips over a fetch: hours of live playback run as fast as the I/O allows.
/// A *horizon* stops the jump: a wait past it suspends until a test moves the horizon with
/// ``advance(to:)`` / ``advance(by:)``, so a test can look at the player at a chosen instant.
/// Meant for one driver per clock; two loops waiting on one clock would let one jump while
/// the other is mid-fetch.
public final class VirtualClock: WallClock {
    private struct Waiter {
        let deadlineMs: Int64
        let continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var nowMs: Int64
        var horizonMs: Int64
        var waiters: [Waiter] = []
    }

    private let state: Mutex<State>

    /// A clock reading `startMs` that runs freely (no horizon) unless `horizonMs` is given.
    public init(startMs: Int64, horizonMs: Int64 = .max) {
        state = Mutex(State(nowMs: startMs, horizonMs: horizonMs))
    }

    /// The current virtual time.
    public var now: WallTime { WallTime(millisecondsSince1970: state.withLock { $0.nowMs }) }

    /// The instant past which waits suspend.
    public var horizonMs: Int64 { state.withLock { $0.horizonMs } }

    /// Moves to the deadline at once when it is within the horizon, else suspends until it is.
    public func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let deadlineMs = deadline.millisecondsSince1970
        let immediate = state.withLock { state -> Bool in
            guard deadlineMs <= state.horizonMs else { return false }
            state.nowMs = max(state.nowMs, deadlineMs)
            return true
        }
        if immediate {
            // Let tasks woken by the previous step (event consumers) run before the next one.
            await Task.yield()
            return
        }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if deadlineMs <= state.horizonMs {
                    state.nowMs = max(state.nowMs, deadlineMs)
                    return true
                }
                state.waiters.append(Waiter(deadlineMs: deadlineMs, continuation: continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// No need to nap: the clock never moves while the loop is busy.
    public var commandLatency: Duration? { nil }

    /// Moves the horizon to `instantMs` and wakes the waiter whose deadline it now covers;
    /// the clock itself moves only as far as that waiter's deadline.
    public func advance(to instantMs: Int64) {
        let ready = state.withLock { state -> [Waiter] in
            state.horizonMs = max(state.horizonMs, instantMs)
            let horizon = state.horizonMs
            let ready = state.waiters.filter { $0.deadlineMs <= horizon }.sorted { $0.deadlineMs < $1.deadlineMs }
            state.waiters.removeAll { $0.deadlineMs <= horizon }
            if let last = ready.last { state.nowMs = max(state.nowMs, last.deadlineMs) }
            return ready
        }
        ready.forEach { $0.continuation.resume() }
    }

    /// Moves the horizon `milliseconds` past the current horizon (or the current time when free).
    public func advance(by milliseconds: Int64) {
        let base = state.withLock { $0.horizonMs == .max ? $0.nowMs : $0.horizonMs }
        advance(to: base + milliseconds)
    }

    /// Removes the horizon: from now on every wait returns at once.
    public func runFreely() { advance(to: .max) }
}
