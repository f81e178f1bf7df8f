import Foundation

/// Real time, optionally sped up (the CLI's `--speed`), starting from the system clock.
public struct RealClock: WallClock {
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

    /// A tenth of a second of real time, scaled by the speed.
    public var commandLatency: Duration? { .milliseconds(100) * speed }
}
