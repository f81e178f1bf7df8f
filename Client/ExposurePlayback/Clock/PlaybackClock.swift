import Foundation

/// The time source of everything time-based in playback: the engine's playhead, playlist reload
/// cadence, program boundaries and modelled network transfers.
///
/// Times are wall-clock milliseconds since 1970, because live streams and the EPG speak in
/// wall-clock time (PROGRAM-DATE-TIME) and a virtual clock must be able to stand in for it.
public protocol PlaybackClock: Sendable {
    /// The current time, milliseconds since 1970.
    var nowMs: Int64 { get }
    /// Returns once the clock reads `deadlineMs` or later (at once when it already does).
    ///
    /// Throws `CancellationError` when the calling task is cancelled.
    func sleep(untilMs deadlineMs: Int64) async throws
    /// The longest a waiter should sleep before looking at new commands, ms of clock time.
    ///
    /// A real clock cannot be interrupted by a user command, so the engine naps in short steps;
    /// a virtual clock only moves while the engine is idle, so it never needs to.
    var commandLatencyMs: Int64? { get }
}

/// Real time, optionally sped up (the CLI's `--speed`), starting from the system clock.
public struct RealClock: PlaybackClock {
    private let originMs: Int64
    private let origin: ContinuousClock.Instant
    private let speed: Double

    /// A clock that reads the system time now and then runs `speed` times faster than real time.
    public init(speed: Double = 1) {
        originMs = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        origin = ContinuousClock.now
        self.speed = max(speed, 0.001)
    }

    /// The current (possibly sped-up) time.
    public var nowMs: Int64 {
        let elapsed = ContinuousClock.now - origin
        let elapsedMs = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return originMs + Int64((elapsedMs * speed).rounded(.down))
    }

    /// Sleeps the real time it takes this clock to reach the deadline.
    public func sleep(untilMs deadlineMs: Int64) async throws {
        let remaining = deadlineMs - nowMs
        guard remaining > 0 else { return }
        try await Task.sleep(for: .milliseconds(Double(remaining) / speed))
    }

    /// A tenth of a second of real time, scaled by the speed.
    public var commandLatencyMs: Int64? { Int64(100 * speed) }
}
