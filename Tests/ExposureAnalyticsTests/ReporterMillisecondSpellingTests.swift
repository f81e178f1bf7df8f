import Exposure
import ExposureAnalytics
import MockPlatformTesting
import Testing

/// The reporter's calls as spelled before its times became types (`record(_:offsetMs:)`,
/// `advance()`, `nextWakeMs`) still compile and do what the typed calls do.
@Suite struct ReporterMillisecondSpellingTests {
    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theMillisecondSpellingsRecordAndWakeAsTheTypedOnes() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let dispatcher = try AnalyticsDispatcherTests.dispatcher(clock: clock)
        let reporter = try await AnalyticsDispatcherTests.begin(dispatcher, entitlement, token: token, on: platform)
        reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
        reporter.record(.started(mediaLocator: "m", videoLengthMs: nil, bitrateKbps: nil), offsetMs: 1_500)
        // A send of its own may change the next wake-up at any moment: only its form is checked.
        #expect(reporter.nextWakeMs.map { $0 >= clock.now.millisecondsSince1970 } ?? true)
        #expect(reporter.advance().map { $0 >= clock.now.millisecondsSince1970 } ?? true)
        reporter.record(.completed, offsetMs: 2_000)
        await reporter.finish()
        let report = try #require(platform.analyticsSession(reporter.sessionId))
        let offsets = report.events?.compactMap { $0.event.offsetTime }
        #expect(offsets == [1_500, 2_000])
    }
}
