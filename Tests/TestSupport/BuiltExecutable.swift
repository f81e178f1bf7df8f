import Foundation

/// One of the package's executables, built next to the test bundle by `swift build --build-tests`.
public struct BuiltExecutable: Sendable {
    /// Where the binary is.
    public let url: URL

    /// The executable called `name` (e.g. `exposure-mock`).
    public init(_ name: String) {
        url = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Runs to completion with `arguments` and extra environment variables (the task suspends meanwhile).
    public func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(url, arguments, environment: environment)
    }
}
