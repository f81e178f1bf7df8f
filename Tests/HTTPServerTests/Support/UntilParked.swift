import Clocks
import HTTPServer

extension HTTPServer {
    /// Returns once at least `count` connections are parked (held back by a delay or throttle) on
    /// `clock`, or when the task is cancelled. Event-driven: each parked connection registers a
    /// wake on the clock, and that is what it waits for, as `MockPlatform.untilParked(on:)` does.
    func untilParked(_ count: Int, on clock: ManualClock) async {
        while !Task.isCancelled {
            // Read before the check: a connection is counted as parked before its wake is
            // registered, so a wake missed here is one whose connection the check already saw.
            let wakes = clock.pendingWakes
            guard parkedConnections < count else { return }
            await clock.untilWaiting(wakes + 1)
        }
    }
}
