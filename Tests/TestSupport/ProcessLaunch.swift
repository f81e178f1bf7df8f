import Foundation

/// Starts `process` while no other test is starting one.
///
/// Foundation's `Process.run()` on Linux crashed (SIGSEGV in a memmove inside `run()`) when the
/// test bundle launched ffprobe, the CLI and exposure-mock from several threads at once; the
/// launches themselves are short, so taking turns costs nothing measurable.
public func launch(_ process: Process) throws {
    launchLock.lock()
    defer { launchLock.unlock() }
    try process.run()
}

private let launchLock = NSLock()
