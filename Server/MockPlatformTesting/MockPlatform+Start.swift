import Clocks
import Foundation
import HTTPServer

/// Where a platform started for a test keeps its state.
public enum StateStorage: Sendable, Equatable {
    /// In memory: gone when the platform is released (the default).
    case inMemory
    /// In a SQLite file, kept across platforms: start a second platform on the same file to test
    /// what survives a restart.
    case file(URL)
}

extension MockPlatform {
    /// Starts a mock platform in this process on 127.0.0.1 and a free port, serving `fixtures`.
    ///
    /// ```swift
    /// let platform = try await MockPlatform.start(fixtures: myFixtures)
    /// defer { platform.stop() }
    /// let environment = platform.environment   // point the SDK here
    /// ```
    ///
    /// - Parameters:
    ///   - fixtures: a fixtures directory (see docs/fixtures.md); the bundled one by default.
    ///   - state: where sessions, bookmarks, play sessions and downloads live.
    ///   - adminToken: require this Bearer token on `/_mock/` (for tests of the admin API itself).
    ///   - journalCapacity: how many requests the journal keeps.
    ///   - clock: the platform clock, e.g. one over a test's own notion of real time.
    ///   - serverClock: what fault delays and throttled bodies wait on; a ``ManualClock``
    ///     makes them take no real time (`await platform.untilParked(on: clock)`, then
    ///     `clock.advance(by:)`).
    ///   - faultSeed: where fault rules' `probability` draws start, so a run is repeatable; random when nil.
    ///   - https: serve HTTPS instead of HTTP, with the certificate ``testingHTTPSIdentity()``
    ///     gives (trust ``testingCertificateAuthority``); `baseURL` and `environment` are then `https://`.
    /// - Throws: `FixtureProblems` listing every problem of broken fixtures, `SQLiteError` when
    ///   the state file cannot be opened, an error naming the port when no port can be bound.
    public static func start(
        fixtures: URL = FixtureLoader.bundledDirectory, state: StateStorage = .inMemory, adminToken: String? = nil,
        journalCapacity: Int = 10_000, clock: PlatformClock = PlatformClock(), serverClock: any WakingClock = .system,
        faultSeed: UInt64? = nil, https: Bool = false
    ) async throws -> MockPlatform {
        let store: any PlatformState =
            switch state {
            case .inMemory: MemoryState()
            case .file(let url): try SQLiteState(path: url.path)
            }
        let platform = try MockPlatform(
            configuration: Configuration(
                host: "127.0.0.1", port: 0, https: try https ? HTTPSListener(identity: testingHTTPSIdentity()) : nil,
                fixturesDirectory: fixtures,
                adminToken: adminToken, journalCapacity: journalCapacity, serverClock: serverClock,
                faultSeed: faultSeed),
            clock: clock, state: store)
        try platform.start()
        return platform
    }
}
