import Foundation
import TestSupport
import Testing

/// Waits for a condition on server state and records an issue if it does not hold within
/// `timeout`. The condition is polled every millisecond from a thread of its own, not from a
/// task: on a loaded 2-core machine other tests can hold both threads of the cooperative pool
/// for longer than a short-lived state lasts (a throttled body in flight, a parked connection),
/// and a task-based poll then missed it.
func waitUntil(
    timeout: Duration = .seconds(60),
    _ description: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: @escaping @Sendable () -> Bool
) async {
    let held = try? await offThePool { holds(within: timeout, condition) }
    if held != true {
        Issue.record("timed out waiting until \(description)", sourceLocation: sourceLocation)
    }
}

/// Whether `condition` comes to hold within `timeout`, polled every millisecond on the calling
/// thread: for test clients that run on a thread of their own.
func holds(within timeout: Duration = .seconds(60), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(1000)
    }
    return true
}
