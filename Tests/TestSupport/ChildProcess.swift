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

    /// Runs the program and collects its output.
    private static func spawn(_ path: String, _ arguments: [String], environment: [String]) throws -> Result {
        let child = try SpawnedChild(path, arguments, environment: environment, pipeErrors: true)
        // Standard error drains on its own thread so neither pipe can fill up and stall the child.
        let errorData = PipeDrain(FileHandle(fileDescriptor: child.errors!, closeOnDealloc: true))
        let outputData = FileHandle(fileDescriptor: child.output, closeOnDealloc: true).readDataToEndOfFile()
        // The exit status, or the number of the signal that ended the program.
        let (_, code) = child.wait()
        return Result(
            status: code, output: String(decoding: outputData, as: UTF8.self),
            errors: String(decoding: errorData.wait(), as: UTF8.self))
    }
}

/// Reads a pipe to its end on a thread of its own.
private final class PipeDrain: @unchecked Sendable {
    // @unchecked: `data` is written once, on the reader thread, before `done` is signalled, and
    // read only by `wait()` after it took that signal.
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
