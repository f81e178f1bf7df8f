import ExposureDownload
import Foundation
import Synchronization

/// A clock that reads what the test set and wakes sleepers whose deadline it passed; it never
/// moves on its own, so license timers and report backoffs fire exactly when the test says.
final class ManualClock: WallClock {
    private struct Sleeper {
        let id: UUID
        let deadlineMs: Int64
        let continuation: CheckedContinuation<Void, any Error>
    }

    private let state: Mutex<(nowMs: Int64, sleepers: [Sleeper])>

    init(startMs: Int64) { state = Mutex((startMs, [])) }

    var now: WallTime { WallTime(millisecondsSince1970: state.withLock { $0.nowMs }) }
    var commandLatency: Duration? { nil }

    func sleep(until deadline: WallTime, tolerance: Duration? = nil) async throws {
        let deadlineMs = deadline.millisecondsSince1970
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let ready = state.withLock { state -> Bool in
                    guard state.nowMs < deadlineMs else { return true }
                    state.sleepers.append(Sleeper(id: id, deadlineMs: deadlineMs, continuation: continuation))
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            cancelled?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Sets the time to `instantMs` (never backwards) and wakes every sleeper it reached.
    func advance(to instantMs: Int64) {
        let woken = state.withLock { state -> [Sleeper] in
            state.nowMs = max(state.nowMs, instantMs)
            let now = state.nowMs
            let woken = state.sleepers.filter { $0.deadlineMs <= now }
            state.sleepers.removeAll { $0.deadlineMs <= now }
            return woken
        }
        woken.forEach { $0.continuation.resume() }
    }

    func advance(by milliseconds: Int64) { advance(to: nowMs + milliseconds) }
}
