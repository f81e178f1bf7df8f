import Foundation
import Synchronization

/// The mock's clock: real time by default, movable by tests (offset, absolute instant, rate).
///
/// Every time-based answer — EPG, live windows, token and license expiry, server time — reads
/// this clock, so moving it moves the whole platform consistently.
public final class PlatformClock: Sendable {
    private struct State {
        /// Virtual time at the moment `realAnchorMs` was read.
        var virtualAnchorMs: Int64
        /// Real time when the anchor was set.
        var realAnchorMs: Int64
        /// How fast virtual time runs relative to real time.
        var rate: Double
    }

    private let realNow: @Sendable () -> Int64
    private let state: Mutex<State>

    /// A clock over `realNow` (milliseconds since 1970; the system clock by default).
    public init(realNow: @escaping @Sendable () -> Int64 = PlatformClock.systemMilliseconds) {
        self.realNow = realNow
        let now = realNow()
        state = Mutex(State(virtualAnchorMs: now, realAnchorMs: now, rate: 1))
    }

    /// The system clock in milliseconds since 1970.
    public static let systemMilliseconds: @Sendable () -> Int64 = {
        Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// The platform's current time, milliseconds since 1970.
    public func nowMs() -> Int64 {
        let real = realNow()
        return state.withLock { Self.virtualTime(of: $0, atReal: real) }
    }

    /// The platform's current time as a `Date`.
    public func now() -> Date { Date(timeIntervalSince1970: Double(nowMs()) / 1000) }

    /// How far the platform's time is ahead of real time, ms (negative: behind).
    public func offsetMs() -> Int64 {
        let real = realNow()
        return state.withLock { Self.virtualTime(of: $0, atReal: real) - real }
    }

    /// How fast platform time runs relative to real time.
    public func rate() -> Double { state.withLock { $0.rate } }

    /// Moves platform time to `instantMs`, keeping the rate (or setting a new one).
    public func set(nowMs instantMs: Int64, rate: Double? = nil) {
        let real = realNow()
        state.withLock { $0 = State(virtualAnchorMs: instantMs, realAnchorMs: real, rate: rate ?? $0.rate) }
    }

    /// Sets platform time to real time plus `offsetMs`, keeping the rate (or setting a new one).
    public func set(offsetMs: Int64, rate: Double? = nil) {
        set(nowMs: realNow() + offsetMs, rate: rate)
    }

    /// Changes only the rate, from the current platform time on.
    public func set(rate: Double) {
        let real = realNow()
        state.withLock {
            $0 = State(virtualAnchorMs: Self.virtualTime(of: $0, atReal: real), realAnchorMs: real, rate: rate)
        }
    }

    /// Back to real time at rate 1.
    public func reset() {
        let real = realNow()
        state.withLock { $0 = State(virtualAnchorMs: real, realAnchorMs: real, rate: 1) }
    }

    private static func virtualTime(of state: State, atReal real: Int64) -> Int64 {
        state.virtualAnchorMs + Int64((Double(real - state.realAnchorMs) * state.rate).rounded(.down))
    }
}
