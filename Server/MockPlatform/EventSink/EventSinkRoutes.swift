import ExposureModels
import HTTPServer

/// EventSink: clock handshake and analytics batches. Every event is recorded for tests
/// (`GET /_mock/analytics`) and feeds the state: positions become bookmarks, terminal events end
/// play sessions and free their stream slot.
extension ExposureAPI {
    /// How often players should report when nothing else happens, seconds.
    static let secondsUntilNextReport = 60

    mutating func registerEventSink() {
        // No token: players call it before they have a play session. The Dispatcher posts to
        // `{baseUrl}/eventsink/init`; `EventSinkInit` with an analytics base URL to the v2 path.
        addUnversioned(.post, "/eventsink/init") { context throws(ExposureErrorMessage) in Self.initializeEventSink(context) }
        add(.post, [.v2], "/eventsink/init") { context throws(ExposureErrorMessage) in Self.initializeEventSink(context) }
        addUnversioned(.post, "/eventsink/send") { context throws(ExposureErrorMessage) in try Self.receiveBatch(context) }
        add(.post, [.v2], "/eventsink/send") { context throws(ExposureErrorMessage) in try Self.receiveBatch(context) }
    }

    private static func initializeEventSink(_ context: RequestContext) -> HTTPResponse {
        let repliedMs = context.platform.clock.nowMs()
        return Responses.json(EventSinkInitResponse(
            receivedTime: context.nowMs, repliedTime: repliedMs, settings: eventSinkSettings(nowMs: repliedMs)))
    }

    private static func receiveBatch(_ context: RequestContext) throws(ExposureErrorMessage) -> HTTPResponse {
        let session = try context.requireSession()
        let batch = try context.body(AnalyticsBatch.self)
        let settings = context.catalog.settings
        guard batch.customer == settings.customer, batch.businessUnit == settings.businessUnit else {
            throw .invalidJSON("Customer and BusinessUnit must be \(settings.customer) and \(settings.businessUnit).")
        }
        guard !batch.sessionId.isEmpty else { throw .invalidJSON("SessionId must be the entitlement's playSessionId.") }
        context.platform.activity.record(batch.payload.map { event in
            RecordedAnalyticsEvent(receivedMs: context.nowMs, accountId: session.accountId, sessionId: batch.sessionId,
                                   clockOffset: batch.clockOffset, event: event)
        })
        PlaybackEventEffects(state: context.platform.state, nowMs: context.nowMs).apply(batch, accountId: session.accountId)
        return Responses.json(eventSinkSettings(nowMs: context.nowMs))
    }

    private static func eventSinkSettings(nowMs: Int64) -> EventSinkSettings {
        EventSinkSettings(secondsUntilNextReport: secondsUntilNextReport, includeDeviceMetrics: false, timestampNow: nowMs)
    }
}
