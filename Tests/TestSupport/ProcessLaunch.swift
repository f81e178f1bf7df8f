import Foundation

/// Starts `process` while no other test is starting one.
///
/// Foundation's `Process.run()` on Linux crashed (SIGSEGV in a memmove inside `run()`) when the
/// test bundle launched ffprobe, the CLI and exposure-mock from several threads at once; the
/// launches themselves are short, so taking turns costs nothing measurable.
public func launch(_ process: Process) throws {
    try launchingAlone { try process.run() }
}

/// Runs `body`, which starts a child process, while no other test is starting one.
func launchingAlone<Value>(_ body: () throws -> Value) throws -> Value {
    launchLock.lock()
    defer { launchLock.unlock() }
    return try body()
}

private let launchLock = NSLock()
