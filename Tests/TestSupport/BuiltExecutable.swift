import Foundation

/// One of the package's executables, built next to the test bundle by `swift build --build-tests`.
public struct BuiltExecutable: Sendable {
    /// Where the binary is.
    public let url: URL

    /// The executable called `name` (e.g. `exposure-mock`).
    public init(_ name: String) {
        url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// What a finished run printed and returned.
    public struct Result: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String
    }

    /// Runs to completion with `arguments` and extra environment variables, off the cooperative pool.
    public func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        let url = self.url
        return try await offThePool {
            let process = Process()
            process.executableURL = url
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try launch(process)
            // Read standard error on its own thread so neither pipe can fill up and stall the child.
            let errorData = ErrorCollector(errors.fileHandleForReading)
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return Result(status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
                          errors: String(decoding: errorData.wait(), as: UTF8.self))
        }
    }
}

/// Drains a pipe on a background thread.
private final class ErrorCollector: @unchecked Sendable {
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
