import Foundation
import HTTPServer

/// How `exposure-mock` runs, from its flags and `EXPOSURE_MOCK_*` variables (``MockOption``).
struct MockConfiguration: Equatable {
    /// The address to bind.
    var host = "127.0.0.1"
    /// The port; 0 picks a free one.
    var port = 8080
    /// `--tls`: HTTPS on `port` instead of HTTP (unless `tlsPort` gives it a port of its own).
    var tls = false
    /// The HTTPS port beside HTTP on `port`.
    var tlsPort: Int?
    /// `--tls-cert`, as given.
    var tlsCertificate: NamedFile?
    /// `--tls-key`, as given.
    var tlsKey: NamedFile?
    /// The certificate and key of `tlsCertificate` and `tlsKey`, read and checked; nil serves the
    /// development CA's.
    var tlsIdentity: TLSIdentity?
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

extension MockConfiguration {
    /// Whether HTTPS is served: `--tls`, `--tls-port` or a certificate of one's own.
    var servesHTTPS: Bool { tls || tlsPort != nil || tlsIdentity != nil }
}

/// A file named by a flag or variable, with which one, for errors.
struct NamedFile: Equatable {
    /// The path as given.
    let path: String
    /// The flag or variable that gave it, e.g. `--tls-cert`.
    let source: String
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
