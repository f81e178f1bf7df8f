import Dispatch

/// The clock the server's own waits run on: fault delays and the pauses of a throttled body.
///
/// Real time in production; a test hands the server a clock it moves by hand, so a 10-second
/// throttle is tested in milliseconds. A wait never holds a worker thread: the connection is
/// suspended until the clock calls back.
public protocol ServerClock: Sendable {
    /// Time since an arbitrary fixed origin; it never goes back.
    var now: Duration { get }
    /// Calls `action` once, from any thread, when `now` has reached `deadline` (soon when it has
    /// already).
    func wake(at deadline: Duration, _ action: @escaping @Sendable () -> Void)
}

/// The system's monotonic clock, with waits on a timer queue.
public struct SystemServerClock: ServerClock {
    private static let origin = ContinuousClock.now
    private static let timers = DispatchQueue(label: "HTTPServer.SystemServerClock")

    /// The system clock.
    public init() {}

    /// Time since the first use of any system server clock in this process.
    public var now: Duration { ContinuousClock.now - Self.origin }

    /// Calls `action` on the timer queue at `deadline`.
    public func wake(at deadline: Duration, _ action: @escaping @Sendable () -> Void) {
        let (seconds, attoseconds) = max(.zero, deadline - now).components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        Self.timers.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: action)
    }
}

extension ServerClock where Self == SystemServerClock {
    /// The system's monotonic clock.
    public static var system: SystemServerClock { SystemServerClock() }
}
