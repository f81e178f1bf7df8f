import Clocks
import Synchronization

/// The mock's clock: real time by default, movable by tests and the admin API (offset, absolute
/// instant, rate, frozen at rate 0). A standard-library `Clock` of ``Clocks/WallTime``, like the
/// SDK's clocks, running over another wall clock (``Clocks/RealClock`` by default; a test's
/// ``Clocks/ManualClock`` or the player's ``Clocks/VirtualClock`` so both sides share one time).
///
/// Every time-based answer — EPG, live windows, token and license expiry, server time — reads
/// this clock, so moving it moves the whole platform consistently. It reads within
/// `platformInstantsMs` whatever it is set to: a clock set or run past either end stops there.
public final class PlatformClock: WallClock {
    /// The rates the admin API accepts: frozen (0) up to a million times real time (a year in
    /// about 32 s).
    public static let rates: ClosedRange<Double> = 0...1_000_000

    private struct State: Sendable {
        /// Platform time at the moment `realAnchor` was read.
        var virtualAnchor: WallTime
        /// Real time when the anchor was set.
        var realAnchor: WallTime
        /// How fast platform time runs relative to real time.
        var rate: Double
        /// Counts the changes, so a sleep knows its deadline may have moved.
        var generation: UInt64 = 0
    }

    private let real: any WallClock
    /// The setting, and the sleeps parked until it changes.
    private let state: CancellableWaiters<State, Void>

    /// A clock over `real` (the system's time by default), reading what it reads until moved.
    public init(real: any WallClock = RealClock()) {
        self.real = real
        let now = real.now
        state = CancellableWaiters(State(virtualAnchor: now, realAnchor: now, rate: 1))
    }

    /// The platform's current time.
    public var now: WallTime {
        let real = real.now
        return state.withState { Self.virtualTime(of: $0, atReal: real) }
    }

    /// The platform's current time, milliseconds since 1970.
    public func nowMs() -> Int64 { now.millisecondsSince1970 }

    /// Returns once the platform's time reaches `deadline`: it sleeps on the real clock for as
    /// long as that takes at the current rate, and starts over whenever the clock is moved (a
    /// frozen clock's sleep waits for that). Throws `CancellationError` when cancelled.
    public func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        while true {
            try Task.checkCancellation()
            let realNow = real.now
            let (now, rate, generation) = state.withState { (Self.virtualTime(of: $0, atReal: realNow), $0.rate, $0.generation) }
            guard now < deadline else { return }
            try await withThrowingTaskGroup(of: Void.self) { group in
                if rate > 0 {
                    let realDeadline = realNow + now.duration(to: deadline) / rate
                    group.addTask { [real] in try await real.sleep(until: realDeadline, tolerance: tolerance) }
                }
                group.addTask { [state] in _ = await state.wait(tag: ()) { $0.generation != generation } }
                try await group.next()
                group.cancelAll()
            }
        }
    }

    /// How far the platform's time is ahead of real time (negative: behind).
    public func offset() -> Duration {
        let real = real.now
        return state.withState { Self.virtualTime(of: $0, atReal: real) } - real
    }

    /// How fast platform time runs relative to real time.
    public func rate() -> Double { state.withState { $0.rate } }

    /// Moves platform time to `instant`, keeping the rate (or setting a new one).
    public func set(now instant: WallTime, rate: Double? = nil) {
        anchor(instant, at: real.now, rate: rate)
    }

    /// Sets platform time to real time plus `offset`, keeping the rate (or setting a new one).
    public func set(offset: Duration, rate: Double? = nil) {
        // Real time read once: read again for the anchor, a millisecond ticking between the two
        // reads would set the offset a millisecond short.
        let real = real.now
        anchor(real + offset, at: real, rate: rate)
    }

    /// Platform time is `platform` at the real instant `real`, running at `rate` (nil: as before).
    private func anchor(_ platform: WallTime, at real: WallTime, rate: Double?) {
        change { $0 = State(virtualAnchor: platform, realAnchor: real, rate: rate ?? $0.rate) }
    }

    /// Real time plus `offset`; nil when that is no instant within `platformInstantsMs`.
    func realTime(plus offset: Duration) -> WallTime? {
        let (instant, overflow) = real.now.millisecondsSince1970.addingReportingOverflow(offset.wholeMilliseconds)
        return !overflow && platformInstantsMs.contains(instant) ? WallTime(millisecondsSince1970: instant) : nil
    }

    /// Changes only the rate, from the current platform time on.
    public func set(rate: Double) {
        let real = real.now
        change { $0 = State(virtualAnchor: Self.virtualTime(of: $0, atReal: real), realAnchor: real, rate: rate) }
    }

    /// Back to real time at rate 1.
    public func reset() {
        let real = real.now
        change { $0 = State(virtualAnchor: real, realAnchor: real, rate: 1) }
    }

    /// Applies a new setting and wakes the sleeps, which measure again from it.
    private func change(_ body: (inout State) -> Void) {
        state.wake { state, sleeps in
            let generation = state.generation
            body(&state)
            state.generation = generation &+ 1
            return Array(sleeps.indices)
        }
    }

    /// Computed in `Double` and clamped to `platformInstantsMs` before it becomes an integer: a
    /// fast clock running for long, or one set near an end, stops at the end instead of
    /// overflowing.
    private static func virtualTime(of state: State, atReal real: WallTime) -> WallTime {
        let elapsed = Double(real.millisecondsSince1970) - Double(state.realAnchor.millisecondsSince1970)
        let virtual = (Double(state.virtualAnchor.millisecondsSince1970) + elapsed * state.rate).rounded(.down)
        guard virtual > Double(platformInstantsMs.lowerBound) else { return WallTime(millisecondsSince1970: platformInstantsMs.lowerBound) }
        guard virtual < Double(platformInstantsMs.upperBound) else { return WallTime(millisecondsSince1970: platformInstantsMs.upperBound) }
        return WallTime(millisecondsSince1970: Int64(virtual))
    }
}
