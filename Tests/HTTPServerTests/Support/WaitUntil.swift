import Testing

/// Waits for a condition on server state, checking every 5 ms, and records an issue if it does
/// not hold within `timeout` (generous: on a loaded 2-core machine a task can wait long to start). Polls with short sleeps rather than `Task.yield()` spinning, which
/// can hog the two-thread cooperative pool on a 2-core machine and stall the tests it waits on.
func waitUntil(
    timeout: Duration = .seconds(60),
    _ description: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record("timed out waiting until \(description)", sourceLocation: sourceLocation)
            return
        }
        try? await Task.sleep(for: .milliseconds(5))
    }
}
