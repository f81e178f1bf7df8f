import Exposure
import Foundation
import MockPlatform
import MockPlatformTesting

/// A real mock listening on 127.0.0.1 on a free port, for one test.
final class RunningPlatform: Sendable {
    let platform: MockPlatform

    /// Serves `fixtures` (the bundled ones by default); fault delays wait on `serverClock`.
    init(fixtures: URL = FixtureLoader.bundledDirectory, serverClock: any WakingClock = .system) throws {
        platform = try MockPlatform(configuration: .init(port: 0, fixturesDirectory: fixtures, serverClock: serverClock))
        try platform.start()
    }

    deinit { platform.stop() }

    var environment: Exposure.Environment { platform.environment }

    /// Logs in over HTTP with the SDK.
    func login(_ username: String = "premium") async throws -> SessionToken {
        try await Authenticate(environment: environment).login(username: username, password: "sandbox").request().sessionToken
    }

    /// The server message of an SDK error, or nil when the call succeeded.
    static func serverMessage<Value>(_ call: () async throws -> Value) async -> (status: Int?, message: String?) {
        do {
            _ = try await call()
            return (nil, nil)
        } catch let error as ExposureError {
            return (error.status, error.serverMessage?.message)
        } catch {
            return (nil, "\(error)")
        }
    }
}
