import Clocks
import HTTPServer

extension MockPlatform {
    /// Returns once at least `count` answers are held back by a delay or throttle fault on
    /// `clock` (the platform's ``Configuration/serverClock``), so the test can move it on:
    ///
    /// ```swift
    /// let clock = ManualClock()
    /// let platform = try await MockPlatform.start(serverClock: clock)
    /// try platform.inject(.delay(10_000, path: "/play$"))
    /// let play = Task { try await entitlement.play(assetId: "city-lights").request() }
    /// await platform.untilParked(on: clock)
    /// clock.advance(by: .seconds(10))   // the answer goes out now, not in 10 s
    /// ```
    ///
    /// Event-driven: each parked answer registers a wake on the clock, and that is what it waits
    /// for. It waits as long as it takes (a fault that never matches waits forever), so bound the
    /// test with `.timeLimit`: cancelling the task ends the wait.
    public func untilParked(_ count: Int = 1, on clock: ManualClock) async {
        while !Task.isCancelled {
            // Read before the check: a connection is counted as parked before its wake is
            // registered, so a wake missed here is one whose connection the check already saw.
            let wakes = clock.pendingWakes
            guard parkedConnections < count else { return }
            await clock.untilWaiting(wakes + 1)
        }
    }
}
