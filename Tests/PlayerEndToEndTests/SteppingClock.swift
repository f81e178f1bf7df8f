import ExposurePlayback
import Synchronization

/// A stand-in for a sped-up real clock that stays deterministic: every reading moves time on by
/// `speed` × 10 ms, as if that much real time had passed between two looks, and a sleep jumps
/// to its deadline. At a higher speed the playhead covers more ground between the player's
/// looks at it, which is what `exposure play --speed` does to playback.
final class SteppingClock: WallClock {
    private let nowState: Mutex<Int64>
    private let stepMs: Int64
    private let speed: Int64

    init(startMs: Int64, speed: Int64) {
        nowState = Mutex(startMs)
        stepMs = 10 * speed
        self.speed = speed
    }

    var now: WallTime {
        WallTime(
            millisecondsSince1970: nowState.withLock { now in
                now += stepMs
                return now
            })
    }

    func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        nowState.withLock { $0 = max($0, deadline.millisecondsSince1970) }
        await Task.yield()
    }

    /// Like ``RealClock``: a look at the commands every 100 ms of real time.
    var commandLatency: Duration? { .milliseconds(100 * speed) }
}
