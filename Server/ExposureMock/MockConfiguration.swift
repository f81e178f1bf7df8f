import Foundation

/// How `exposure-mock` runs, from its flags and `EXPOSURE_MOCK_*` variables (``MockOption``).
struct MockConfiguration: Equatable {
    /// The address to bind.
    var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    var port = 8080
    /// The fixtures folder; nil serves the bundled fixtures (`BundledFixtures`).
    var fixtures: URL?
    /// The state file; nil keeps state in memory (forgotten at exit).
    var statePath: String?
    /// The Bearer token the admin API requires.
    var adminToken: String?
    /// Requests the journal keeps.
    var journalCapacity = 10_000
    /// Where fault rules' `probability` draws start; random when nil.
    var faultSeed: UInt64?
    /// How log lines are written.
    var logFormat = LogFormat.text
    /// The least severe log lines written.
    var logLevel = LogLevel.info
}

/// What one run of `exposure-mock` does.
enum MockInvocation: Equatable {
    /// Serve until SIGINT or SIGTERM.
    case serve(MockConfiguration)
    /// Check the fixtures, print every problem, exit.
    case checkFixtures(MockConfiguration)
    /// Print the help to standard output.
    case help
    /// Print the version line to standard output.
    case version
}

/// A mistake in the command line or the environment, as one line naming the flag or variable.
struct UsageError: Error, Equatable, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { "exposure-mock: \(message)" }
}
