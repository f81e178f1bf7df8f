/// A clock of wall time, on the standard library's `Clock` protocol: the time source of
/// everything time-based in the SDK — the player's playhead, playlist reloads and program
/// boundaries, analytics heartbeats and retries, license expiry, download report backoff.
///
/// Wall time, because live streams and the EPG speak in it (PROGRAM-DATE-TIME) and a test
/// clock must be able to stand in for it. Production reads ``RealClock``; tests move a
/// ``VirtualClock``, so hours of playback run in seconds and nothing waits on real time.
public protocol WallClock: Clock, Sendable where Instant == WallTime {
    /// The longest a waiter should sleep before looking at new commands, or nil when it need not.
    ///
    /// A real clock cannot be interrupted by a user command, so the engine naps in short steps;
    /// a virtual clock only moves while the engine is idle, so it never needs to.
    var commandLatency: Duration? { get }
}

extension WallClock {
    /// Wall time is kept to the millisecond.
    public var minimumResolution: Duration { .milliseconds(1) }

    /// The current time in the wire's milliseconds since 1970.
    public var nowMs: Int64 { now.millisecondsSince1970 }

    /// Returns once the clock reads `deadlineMs` (milliseconds since 1970) or later.
    ///
    /// Throws `CancellationError` when the calling task is cancelled.
    public func sleep(untilMs deadlineMs: Int64) async throws {
        try await sleep(until: WallTime(millisecondsSince1970: deadlineMs), tolerance: nil)
    }

    /// ``commandLatency`` in whole milliseconds.
    public var commandLatencyMs: Int64? { commandLatency?.wholeMilliseconds }
}
