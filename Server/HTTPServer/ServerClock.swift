import Clocks

/// The clock the server's own waits run on: fault delays, the pauses of a throttled body,
/// heartbeats and request-head deadlines. Now the Clocks module's ``Clocks/WakingClock``.
@available(*, deprecated, renamed: "WakingClock")
public typealias ServerClock = WakingClock

/// The system's clock for the server. Now the Clocks module's ``Clocks/RealClock``.
@available(*, deprecated, renamed: "RealClock")
public typealias SystemServerClock = RealClock

/// A server clock a test moves by hand. Now the Clocks module's ``Clocks/ManualClock``, the one
/// test clock of both sides.
@available(*, deprecated, renamed: "ManualClock")
public typealias ManualServerClock = ManualClock
