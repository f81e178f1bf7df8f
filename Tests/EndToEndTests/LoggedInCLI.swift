import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// The `exposure` CLI logged in as `premium` against a mock of its own, with its session file,
/// download folder and analytics outbox in a folder of the test's own (`folder`; the test removes it).
struct LoggedInCLI {
    let mock: RunningPlatform
    let folder: URL
    let cli = BuiltExecutable("exposure")

    /// Starts a mock (on `fixtures`, the bundled ones by default, its fault delays on
    /// `serverClock`) and logs in; `name` tells the test's folder apart in the temporary directory.
    init(name: String, fixtures: URL = FixtureLoader.bundledDirectory, serverClock: any WakingClock = .system) async throws {
        mock = try RunningPlatform(fixtures: fixtures, serverClock: serverClock)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("exposure-\(name)-\(UUID().uuidString)")
        let login = try await cli.run(["login", "premium", "sandbox", "--base-url", mock.platform.baseURL], environment: environment)
        #expect(login.status == 0, "\(login.errors)")
    }

    /// What every run gets: `XDG_CONFIG_HOME` and `XDG_DATA_HOME` in the test's folder.
    var environment: [String: String] { ["XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path] }

    /// Runs `exposure` with `arguments` to its end.
    func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await cli.run(arguments, environment: environment)
    }

    /// Starts `exposure` with `arguments` in the background, for a test to read and signal.
    func start(_ arguments: [String]) throws -> BackgroundProcess {
        try BackgroundProcess(cli.url, arguments, environment: environment)
    }
}
