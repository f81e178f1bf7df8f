import Exposure
import Foundation
import MockPlatform
import TestSupport
import Testing

/// The two executables as people use them.
@Suite(.onItsOwnQueue) struct CommandLineEndToEndTests {
    @Test func cliKeepsTheSessionBetweenCommands() async throws {
        let mock = try RunningPlatform()
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("exposure-cli-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: config) }
        let cli = BuiltExecutable("exposure")
        let environment = ["XDG_CONFIG_HOME": config.path]
        let base = ["--base-url", mock.platform.baseURL]

        let login = try await cli.run(["login", "premium", "sandbox"] + base, environment: environment)
        #expect(login.status == 0, "\(login.errors)")
        let saved = config.appendingPathComponent("exposure/session.json")
        let mode = try FileManager.default.attributesOfItem(atPath: saved.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let entitlement = try await cli.run(["entitlement", "arctic-journey", "--json"], environment: environment)
        #expect(entitlement.status == 0, "\(entitlement.errors)")
        let decoded = try ExposureJSON.decode(PlaybackEntitlement.self, from: Data(entitlement.output.utf8))
        #expect(decoded.assetId == "arctic-journey")

        let assets = try await cli.run(["assets", "--type", "TV_CHANNEL"], environment: environment)
        #expect(assets.output.contains("news-24"))

        let refused = try await cli.run(["login", "premium", "wrong"] + base, environment: environment)
        #expect(refused.status == 1)
        #expect(refused.errors.contains("INCORRECT_CREDENTIALS"))
    }

    @Test func mockChecksFixturesAndStopsOnSIGTERM() async throws {
        let mock = BuiltExecutable("exposure-mock")
        let check = try await mock.run(["--check-fixtures"])
        #expect(check.status == 0)
        #expect(check.output.contains("Fixtures OK"))

        let process = try BackgroundProcess(mock.url, ["--port", "0", "--log-level", "quiet"])
        // The banner is written once the server listens; reading it is the readiness signal.
        let banner = await process.readOutput { $0.contains("Press Ctrl-C") }
        #expect(banner.contains("listening on http://127.0.0.1:"))
        #expect(await process.end(with: SIGTERM) == .exited(0), "SIGTERM is handled: the mock stops and exits cleanly")
    }
}
