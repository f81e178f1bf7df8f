import Foundation

/// Runs a program to completion and collects what it printed; the test's task suspends while it
/// runs, and no thread waits for it.
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
        var variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        for name in removing { variables.removeValue(forKey: name) }
        let child = try SpawnedChild(
            executable.path, [executable.path] + arguments, environment: variables.map { "\($0.key)=\($0.value)" }, pipeErrors: true)
        defer {
            close(child.output)
            if let errors = child.errors { close(errors) }
        }
        // Both pipes are read at once, so neither can fill up and stall the child.
        async let output = readToEnd(child.output)
        async let errors = readToEnd(child.errors!)
        let (text, errorText) = await (output, errors)
        guard let (_, code) = await child.ended(within: nil) else {
            child.killAndReapInBackground()
            throw CancellationError()
        }
        // The exit status, or the number of the signal that ended the program.
        return Result(status: code, output: text, errors: errorText)
    }

    /// Everything the pipe carries until its writers close it.
    private static func readToEnd(_ descriptor: Int32) async -> String {
        var data = Data()
        while case .bytes(let chunk) = await readAvailable(descriptor, within: nil) { data += chunk }
        return String(decoding: data, as: UTF8.self)
    }
}
