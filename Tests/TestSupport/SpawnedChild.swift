import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A child started with posix_spawn, its standard output (and optionally standard error) on
/// non-blocking pipes whose read ends the caller owns, and its end awaited through a pidfd (which
/// becomes readable when the child exits), so nothing waits on a thread. Foundation's
/// `Process.run()` crashed now and then (SIGSEGV in a memmove inside it) when the test bundle
/// launched ffprobe, the CLI and exposure-mock from several threads at once, so no test uses it.
struct SpawnedChild: Sendable {
    let pid: pid_t
    /// Read end of the child's standard output.
    let output: Int32
    /// Read end of the child's standard error; nil when it goes to /dev/null.
    let errors: Int32?
    /// The child's pidfd: readable once it has exited. Closed by `ended()` once it reaps the child.
    private let exitDescriptor: Int32

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
        makeNonBlocking(output)
        if let errors { makeNonBlocking(errors) }
        // The child cannot be reaped before this (only `ended()` reaps it), so the pid is still its.
        exitDescriptor = pidfdOpen(pid, 0)
        guard exitDescriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .ESRCH) }
    }

    /// Suspends until the child has ended or `timeout` has passed (nil: no limit), without
    /// holding a thread: its exit status, or the number of the signal that ended it; nil on
    /// timeout or cancellation. The first call that sees the end reaps the child; call it from
    /// one task at a time.
    func ended(within timeout: Duration?) async -> (exited: Bool, code: Int32)? {
        guard await descriptorReady(exitDescriptor, for: .read, within: timeout) == .ready else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(exitDescriptor)
        return (status & 0x7f) == 0 ? (true, (status >> 8) & 0xff) : (false, status & 0x7f)
    }

    /// Kills the child (SIGKILL) and reaps it in the background: for a child whose test is done
    /// with it, or whose wait was cancelled. Call it instead of, never after, `ended(within:)`.
    func killAndReapInBackground() {
        kill(pid, SIGKILL)
        Task { _ = await ended(within: nil) }
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

/// glibc's `pidfd_open` (2.36), looked up at run time: Swift's Glibc module does not import <sys/pidfd.h>.
private let pidfdOpen: @convention(c) (pid_t, UInt32) -> Int32 = {
    guard let symbol = dlsym(nil, "pidfd_open") else { fatalError("this libc has no pidfd_open (glibc 2.36 or later needed)") }
    return unsafeBitCast(symbol, to: (@convention(c) (pid_t, UInt32) -> Int32).self)
}()
