import Exposure
import ExposureAnalytics
import ExposurePlayback
import Foundation
import MockPlatform

/// The mock on port 0, on a virtual clock the sample app's player shares, so the samples'
/// playbacks run hours in moments and always the same way.
final class SeedMock: Sendable {
    let clock: VirtualClock
    let platform: MockPlatform

    /// 2026-03-02T13:20:00Z, while "Markets" airs on news-24.
    static let startMs: Int64 = 1_772_457_600_000

    /// A mock whose clock starts at `startMs`.
    init(startMs: Int64 = SeedMock.startMs) throws {
        let clock = VirtualClock(start: WallTime(millisecondsSince1970: startMs))
        self.clock = clock
        platform = try MockPlatform(configuration: .init(port: 0), clock: PlatformClock(real: clock))
        try platform.start()
    }

    deinit { platform.stop() }

    var environment: Exposure.Environment { platform.environment }

    /// The sample app, logged in as `username`; its player keeps the analytics it cannot send yet
    /// in `outbox` (the user's own by default, as an app's player does) and calls the API through
    /// `apiTransport`.
    func app(
        username: String = "premium", outbox: AnalyticsOutbox? = AnalyticsOutbox.standard,
        apiTransport: any HTTPTransport = AutomaticTransport.shared
    ) async throws -> SampleApp {
        let token = try await Authenticate(environment: environment).login(username: username, password: "sandbox").request().sessionToken
        return SampleApp(
            environment: environment, sessionToken: token,
            dependencies: PlayerDependencies(apiTransport: apiTransport, clock: clock, deviceLanguage: "en", analyticsOutbox: outbox))
    }
}
