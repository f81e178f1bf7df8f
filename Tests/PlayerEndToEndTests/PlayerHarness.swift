import Exposure
import ExposureAnalytics
import ExposurePlayback
import Foundation
import MockPlatform
import Synchronization
import TestSupport

/// A mock on port 0 whose clock is a test's ``VirtualClock``, and players wired to both.
final class PlayerHarness: Sendable {
    let clock: VirtualClock
    let platform: MockPlatform
    private let temporaryFolder = TemporaryFolder("player-tests")
    var folder: URL { temporaryFolder.url }

    /// 2026-03-02T13:20:00Z: "Markets" is on air on news-24; "Sports Desk" follows at 13:30.
    static let monday1320: Int64 = 1_772_457_600_000

    init(startMs: Int64 = PlayerHarness.monday1320, fixtures: URL = FixtureLoader.bundledDirectory) throws {
        let clock = VirtualClock(start: WallTime(millisecondsSince1970: startMs))
        self.clock = clock
        platform = try MockPlatform(configuration: .init(port: 0, fixturesDirectory: fixtures), clock: PlatformClock(real: clock))
        try platform.start()
    }

    deinit { platform.stop() }

    /// The device every test player reports as.
    static let device = DeviceInfo(
        deviceId: "test-device", type: "WEB", model: "TestBox", os: "Linux", osVersion: "6",
        manufacturer: "Acme", height: 1080, width: 1920)

    /// A logged-in player on the virtual clock; its analytics outbox is `outbox`, else a new one in memory.
    func player(
        user: String = "premium", apiTransport: (any HTTPTransport)? = nil, streamTransport: (any HTTPTransport)? = nil,
        deviceLanguage: String? = "en",
        clock playerClock: (any WallClock)? = nil, appName: String? = nil, analyticsBaseUrl: String? = nil,
        outbox: AnalyticsOutbox? = nil
    ) async throws -> Player {
        let token = try await Authenticate(environment: platform.environment).login(username: user, password: "sandbox").request()
            .sessionToken
        let dependencies = PlayerDependencies(
            apiTransport: apiTransport ?? AutomaticTransport.shared,
            streamTransport: streamTransport ?? AutomaticTransport.shared, clock: playerClock ?? clock,
            languageStore: LanguagePreferenceStore(fileURL: folder.appendingPathComponent("languages.json")),
            deviceLanguage: deviceLanguage, analyticsOutbox: try outbox ?? AnalyticsOutbox.inMemory(), device: Self.device)
        if let appName {
            return Player(
                environment: platform.environment, sessionToken: token, appName: appName, appVersion: "2.1", dependencies: dependencies)
        }
        return Player(
            environment: platform.environment, sessionToken: token, analyticsBaseUrl: analyticsBaseUrl, dependencies: dependencies)
    }
}

/// Every event of a player, in order, with the virtual time it happened at.
final class EventLog: Sendable {
    private let entries = Mutex<[(timeMs: Int64, event: PlayerEvent)]>([])

    init(_ player: Player, clock: VirtualClock) {
        player.onEvent { [self] _, _, event in entries.withLock { $0.append((clock.nowMs, event)) } }
    }

    var events: [PlayerEvent] { entries.withLock { $0.map(\.event) } }
    var names: [String] { events.map(\.name) }
    var warnings: [PlayerWarning] { events.compactMap { if case .warning(let w) = $0 { w } else { nil } } }
    var errors: [PlayerError] { events.compactMap { if case .error(let e) = $0 { e } else { nil } } }
    var programs: [Program] { events.compactMap { if case .programChanged(let p?) = $0 { p } else { nil } } }
    var bitrates: [Int] { events.compactMap { if case .bitrateChanged(let b) = $0 { b } else { nil } } }
    var metadata: [[DateRangeMetadata]] { events.compactMap { if case .dateRangeMetadataChanged(let m) = $0 { m } else { nil } } }
    /// When the first event named `name` happened, virtual time.
    func timeMs(of name: String) -> Int64? { entries.withLock { $0.first { $0.event.name == name }?.timeMs } }
    /// When each ID3 tag was reported, virtual time.
    var timedID3Times: [Int64] { entries.withLock { $0.compactMap { if case .timedID3Metadata = $0.event { $0.timeMs } else { nil } } } }
}
