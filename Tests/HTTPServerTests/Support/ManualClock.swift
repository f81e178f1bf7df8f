import Foundation
@testable import HTTPServer

/// A server clock that moves only when a test says so: waits of any length take no real time.
final class ManualClock: ServerClock, @unchecked Sendable {
    // @unchecked: `current` and `pending` are only touched with `lock` held.
    private let lock = NSLock()
    private var current = Duration.zero
    private var pending: [(deadline: Duration, action: @Sendable () -> Void)] = []

    var now: Duration { lock.withLock { current } }

    func wake(at deadline: Duration, _ action: @escaping @Sendable () -> Void) {
        let due = lock.withLock { () -> Bool in
            guard deadline > current else { return true }
            pending.append((deadline, action))
            return false
        }
        if due { action() }
    }

    /// Wakes not yet called.
    var pendingWakes: Int { lock.withLock { pending.count } }

    /// Moves time on by `step` and calls every wake that came due, earliest first.
    func advance(by step: Duration) {
        let due = lock.withLock { () -> [(deadline: Duration, action: @Sendable () -> Void)] in
            current += step
            let due = pending.filter { $0.deadline <= current }.sorted { $0.deadline < $1.deadline }
            pending.removeAll { $0.deadline <= current }
            return due
        }
        for wake in due { wake.action() }
    }
}
