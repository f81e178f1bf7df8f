import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child started with posix_spawn, its standard output (and optionally standard error) on
/// pipes whose read ends the caller owns. Foundation's `Process.run()` crashed now and then
/// (SIGSEGV in a memmove inside it) when the test bundle launched ffprobe, the CLI and
/// exposure-mock from several threads at once, so no test uses it.
struct SpawnedChild {
    let pid: pid_t
    /// Read end of the child's standard output.
    let output: Int32
    /// Read end of the child's standard error; nil when it goes to /dev/null.
    let errors: Int32?

    /// Starts `path` with `arguments` (argv[0] included) and `environment` (`NAME=value`).
    init(_ path: String, _ arguments: [String], environment: [String], pipeErrors: Bool) throws {
        // Taking turns with every other launch, and close-on-exec, so no other child inherits
        // the write ends (which would hold the pipes open after this child exits).
        (pid, output, errors) = try launchingAlone { () throws -> (pid_t, Int32, Int32?) in
            var output: [Int32] = [0, 0]
            var errors: [Int32] = [-1, -1]
            guard pipe(&output) == 0 else { throw POSIXError(.EMFILE) }
            guard !pipeErrors || pipe(&errors) == 0 else {
                output.forEach { close($0) }
                throw POSIXError(.EMFILE)
            }
            let descriptors = pipeErrors ? output + errors : output
            for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            if pipeErrors {
                posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
            } else {
                posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
            }
            for descriptor in descriptors { posix_spawn_file_actions_addclose(&actions, descriptor) }
            let argv = arguments.map { strdup($0) } + [nil]
            let envp = environment.map { strdup($0) } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
            close(output[1])
            if pipeErrors { close(errors[1]) }
            guard status == 0 else {
                close(output[0])
                if pipeErrors { close(errors[0]) }
                throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT)
            }
            return (pid, output[0], pipeErrors ? errors[0] : nil)
        }
    }

    /// Waits for the child to end: its exit status, or the number of the signal that ended it.
    func wait() -> (exited: Bool, code: Int32) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return Self.ending(status)
    }

    /// The child's ending if it has ended, without waiting.
    func ended() -> (exited: Bool, code: Int32)? {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid ? Self.ending(status) : nil
    }

    private static func ending(_ status: Int32) -> (exited: Bool, code: Int32) {
        (status & 0x7f) == 0 ? (true, (status >> 8) & 0xff) : (false, status & 0x7f)
    }
}

/// Runs `body`, which starts a child process, while no other test is starting one; the launches
/// themselves are short, so taking turns costs nothing measurable.
private func launchingAlone<Value>(_ body: () throws -> Value) throws -> Value {
    launchLock.lock()
    defer { launchLock.unlock() }
    return try body()
}

private let launchLock = NSLock()
