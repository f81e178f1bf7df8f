import ExposureDownload

/// A clock that reads what the test set and wakes sleepers whose deadline it passed; it never
/// moves on its own, so license timers and report backoffs fire exactly when the test says.
final class ManualClock: WallClock {
    /// The time, and the sleeps parked until it passes their deadlines.
    private let sleepers: CancellableWaiters<Int64, Int64>

    init(startMs: Int64) { sleepers = CancellableWaiters(startMs) }

    var now: WallTime { WallTime(millisecondsSince1970: sleepers.withState { $0 }) }

    func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        let deadlineMs = deadline.millisecondsSince1970
        guard await sleepers.wait(tag: deadlineMs, readyNow: { nowMs in nowMs >= deadlineMs }) else { throw CancellationError() }
    }

    /// Sets the time to `instantMs` (never backwards) and wakes every sleeper it reached.
    func advance(to instantMs: Int64) {
        sleepers.wake { nowMs, deadlines in
            nowMs = max(nowMs, instantMs)
            let now = nowMs
            return deadlines.indices.filter { deadlines[$0] <= now }
        }
    }

    func advance(by milliseconds: Int64) { advance(to: nowMs + milliseconds) }
}
