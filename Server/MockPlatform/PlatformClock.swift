import Foundation
import Synchronization

/// The mock's clock: real time by default, movable by tests (offset, absolute instant, rate).
///
/// Every time-based answer — EPG, live windows, token and license expiry, server time — reads
/// this clock, so moving it moves the whole platform consistently. It reads within
/// `platformInstantsMs` whatever it is set to: a clock set or run past either end stops there.
public final class PlatformClock: Sendable {
    /// The rates the admin API accepts: frozen (0) up to a million times real time (a year in
    /// about 32 s).
    public static let rates: ClosedRange<Double> = 0...1_000_000

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

    /// Real time plus `offsetMs`; nil when that is no instant within `platformInstantsMs`.
    func realTime(plusMs offsetMs: Int64) -> Int64? {
        let (instant, overflow) = realNow().addingReportingOverflow(offsetMs)
        return !overflow && platformInstantsMs.contains(instant) ? instant : nil
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

    /// Computed in `Double` and clamped to `platformInstantsMs` before it becomes an integer: a
    /// fast clock running for long, or one set near an end, stops at the end instead of
    /// overflowing.
    private static func virtualTime(of state: State, atReal real: Int64) -> Int64 {
        let elapsed = Double(real) - Double(state.realAnchorMs)
        let virtual = (Double(state.virtualAnchorMs) + elapsed * state.rate).rounded(.down)
        guard virtual > Double(platformInstantsMs.lowerBound) else { return platformInstantsMs.lowerBound }
        guard virtual < Double(platformInstantsMs.upperBound) else { return platformInstantsMs.upperBound }
        return Int64(virtual)
    }
}
