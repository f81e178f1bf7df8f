import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to completion and collects what it printed, off the cooperative pool.
public enum ChildProcess {
    /// What a finished run printed and returned.
    public struct Result: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String
    }

    /// Runs `executable` with `arguments`; `environment` is merged over the test's own and
    /// `removing` names variables to drop (e.g. `http_proxy`).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], removing: [String] = []
    ) async throws -> Result {
        try await offThePool {
            var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            for name in removing { variables.removeValue(forKey: name) }
            return try spawn(executable.path, [executable.path] + arguments, environment: variables.map { "\($0.key)=\($0.value)" })
        }
    }

    /// Runs the program with posix_spawn and collects its output. Foundation's `Process.run()`
    /// crashed now and then (SIGSEGV in a memmove inside it) in the full suite, launch lock or not.
    private static func spawn(_ path: String, _ arguments: [String], environment: [String]) throws -> Result {
        // Taking turns with every other launch, and close-on-exec, so no other child inherits
        // the write ends (which would hold the pipes open after this child exits).
        let (pid, output, errors) = try launchingAlone { () throws -> (pid_t, [Int32], [Int32]) in
            var output: [Int32] = [0, 0]
            var errors: [Int32] = [0, 0]
            guard pipe(&output) == 0, pipe(&errors) == 0 else { throw POSIXError(.EMFILE) }
            for descriptor in output + errors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_adddup2(&actions, output[1], 1)
            posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
            for descriptor in output + errors { posix_spawn_file_actions_addclose(&actions, descriptor) }
            let argv = arguments.map { strdup($0) } + [nil]
            let envp = environment.map { strdup($0) } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let status = posix_spawn(&pid, path, &actions, nil, argv, envp)
            close(output[1])
            close(errors[1])
            guard status == 0 else {
                close(output[0])
                close(errors[0])
                throw POSIXError(POSIXErrorCode(rawValue: status) ?? .ENOENT)
            }
            return (pid, output, errors)
        }
        // Standard error drains on its own thread so neither pipe can fill up and stall the child.
        let errorData = PipeDrain(FileHandle(fileDescriptor: errors[0], closeOnDealloc: true))
        let outputData = FileHandle(fileDescriptor: output[0], closeOnDealloc: true).readDataToEndOfFile()
        var exit: Int32 = 0
        while waitpid(pid, &exit, 0) < 0 && errno == EINTR {}
        let code = (exit & 0x7f) == 0 ? (exit >> 8) & 0xff : exit & 0x7f
        return Result(status: code, output: String(decoding: outputData, as: UTF8.self),
                      errors: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeDrain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    /// Everything the pipe carried; blocks until it closes.
    func wait() -> Data {
        done.wait()
        return data
    }
}
