import Exposure
import ExposureAnalytics
import MockPlatformTesting
import Testing

/// `AnalyticsDispatcher(…, now:)`, the spelling before the dispatcher took a `WallClock`, still
/// compiles and stamps events with the closure's time.
@Suite struct NowClosureSpellingTests {
    @available(*, deprecated, message: "calls the deprecated now: spelling on purpose")
    @Test func eventsCarryTheTimeTheClosureReads() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let dispatcher = AnalyticsDispatcher(
            configuration: .init(reporting: testReporting), outbox: try AnalyticsOutbox.inMemory(), now: { 1_800_000_000_000 })
        let reporter = try #require(
            dispatcher.beginOfflineSession(
                playSessionId: entitlement.playSessionId, environment: platform.environment, sessionToken: token,
                settings: entitlement.analytics))
        reporter.record(.created(autoPlay: true, playMode: .offline, target: .asset(id: "city-lights")))
        reporter.record(.completed, offsetMs: 0)
        await reporter.finish()
        #expect(await dispatcher.flushOfflineAnalytics().waiting == 0)
        let report = try #require(platform.analyticsSession(reporter.sessionId))
        #expect(report.events?.map(\.event.timestamp) == [1_800_000_000_000, 1_800_000_000_000, 1_800_000_000_000])
    }
}
