import Exposure
import Testing

/// `import Exposure` alone reaches what iOSClientExposure offers, analytics included, as the
/// official module does (this target depends on `Exposure` only).
@Suite struct ModuleLayoutTests {
    @Test func theBackgroundAnalyticsManagerIsPartOfExposure() async throws {
        let manager = BackgroundAnalyticsManager(outbox: try AnalyticsOutbox.inMemory(), transport: RecordingTransport())
        let result = await manager.flushOfflineAnalytics()
        #expect(result == AnalyticsDispatcher.FlushResult(sent: 0, waiting: 0))
        _ = EventSink().initialize(using: TestValues.environment)
    }
}
