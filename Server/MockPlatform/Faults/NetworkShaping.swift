import Clocks
import HTTPServer
import Synchronization

/// A network rule's schedule in force: when it started (the first request it met, on the
/// server clock) and the step each later request meets.
final class NetworkShaping: Sendable {
    let timeline: NetworkTimeline
    private let start = Mutex<WallTime?>(nil)

    init(timeline: NetworkTimeline) { self.timeline = timeline }

    /// The step in force at `now` (server clock); the first call starts the schedule.
    func step(at now: WallTime) -> NetworkSchedule.Step {
        let started = start.withLock { start in
            let value = start ?? now
            start = value
            return value
        }
        return timeline.step(after: now - started)
    }
}
