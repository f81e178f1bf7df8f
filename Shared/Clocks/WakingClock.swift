/// A wall clock that can also call back at a deadline: for code that must not wait, such as the
/// mock's responders and connection pacing on libmicrohttpd's threads (fault delays, throttled
/// bodies, heartbeats, request-head deadlines).
///
/// ``RealClock`` calls back from a timer queue; ``ManualClock`` when a test moves it past the
/// deadline.
public protocol WakingClock: WallClock {
    /// Calls `action` once, from any thread, when the clock has reached `deadline` (soon when it
    /// has already).
    func wake(at deadline: WallTime, _ action: @escaping @Sendable () -> Void)
}

extension WakingClock where Self == RealClock {
    /// Real time (the system's wall time when it is made, then monotonic).
    public static var system: RealClock { RealClock() }
}
