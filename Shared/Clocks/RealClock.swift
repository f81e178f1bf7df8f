import Dispatch
import Foundation

/// Real time, optionally sped up (the CLI's `--speed`), starting from the system clock.
///
/// It reads the system's wall time once, when it is made, and from then on moves with the
/// monotonic clock: setting the system clock does not move it.
public struct RealClock: WakingClock {
    private static let timers = DispatchQueue(label: "Clocks.RealClock")

    private let origin: WallTime
    private let start: ContinuousClock.Instant
    private let speed: Double

    /// A clock that reads the system time now and then runs `speed` times faster than real time.
    public init(speed: Double = 1) {
        origin = .systemNow
        start = ContinuousClock.now
        self.speed = max(speed, 0.001)
    }

    /// The current (possibly sped-up) time.
    public var now: WallTime { origin.advanced(by: (ContinuousClock.now - start) * speed) }

    /// Sleeps the real time it takes this clock to reach the deadline.
    public func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        let remaining = now.duration(to: deadline)
        guard remaining > .zero else { return }
        try await Task.sleep(for: remaining / speed)
    }

    /// Calls `action` on a timer queue once the real time it takes to reach `deadline` has passed.
    public func wake(at deadline: WallTime, _ action: @escaping @Sendable () -> Void) {
        // At most a day at a time: a deadline further out is asked again when that day is up.
        let remaining = min(max(.zero, now.duration(to: deadline) / speed), .seconds(86_400))
        let (seconds, attoseconds) = remaining.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        Self.timers.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
            if now >= deadline { action() } else { wake(at: deadline, action) }
        }
    }
}
