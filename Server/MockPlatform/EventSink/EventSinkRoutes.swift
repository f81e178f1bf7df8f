import Clocks
import ExposureModels
import HTTPServer

/// EventSink: clock handshake and analytics batches. Every event is recorded once for tests
/// (`GET /_mock/analytics`, `GET /_mock/analytics/sessions`) and feeds the state: positions
/// become bookmarks, terminal events end play sessions and free their stream slot. An event the
/// platform already has (same session and `SequenceNumber`: a retried batch) is dropped.
extension ExposureAPI {
    mutating func registerEventSink() {
        // No token: players call it before they have a play session. The Dispatcher posts to
        // `{baseUrl}/eventsink/init`; `EventSinkInit` with an analytics base URL to the v2 path.
        addUnversioned(.post, "/eventsink/init") { context throws(ExposureErrorMessage) in Self.initializeEventSink(context) }
        add(.post, [.v2], "/eventsink/init") { context throws(ExposureErrorMessage) in Self.initializeEventSink(context) }
        addUnversioned(.post, "/eventsink/send") { context throws(ExposureErrorMessage) in try Self.receiveBatch(context) }
        add(.post, [.v2], "/eventsink/send") { context throws(ExposureErrorMessage) in try Self.receiveBatch(context) }
    }

    private static func initializeEventSink(_ context: RequestContext) -> HTTPResponse {
        let replied = context.platform.clock.now
        return Responses.json(
            EventSinkInitResponse(
                receivedTime: context.now.millisecondsSince1970, repliedTime: replied.millisecondsSince1970,
                settings: eventSinkSettings(context, at: replied)))
    }

    private static func receiveBatch(_ context: RequestContext) throws(ExposureErrorMessage) -> HTTPResponse {
        let session = try context.requireSession()
        let batch = try context.body(AnalyticsBatch.self)
        try batch.checkRanges()
        try batch.checkEventSizes(bodyBytes: context.request.body.count)
        let settings = context.catalog.settings
        guard batch.customer == settings.customer, batch.businessUnit == settings.businessUnit else {
            throw .invalidJSON("Customer and BusinessUnit must be \(settings.customer) and \(settings.businessUnit).")
        }
        guard !batch.sessionId.isEmpty else { throw .invalidJSON("SessionId must be the entitlement's playSessionId.") }
        let fresh = context.platform.activity.record(
            batch.payload.map { event in
                RecordedAnalyticsEvent(
                    received: context.now, accountId: session.accountId, sessionId: batch.sessionId,
                    clockOffset: batch.clockOffset, event: event)
            }, sessionId: batch.sessionId)
        var unseen = batch
        unseen.payload = fresh.map(\.event)
        PlaybackEventEffects(state: context.platform.state, now: context.now).apply(unseen, accountId: session.accountId)
        return Responses.json(eventSinkSettings(context, at: context.now))
    }

    /// `secondsUntilNextReport` is the catalog's post interval: the same promise the entitlement's
    /// `analytics.postInterval` makes.
    private static func eventSinkSettings(_ context: RequestContext, at now: WallTime) -> EventSinkSettings {
        EventSinkSettings(
            secondsUntilNextReport: context.catalog.settings.analyticsPostIntervalSeconds,
            includeDeviceMetrics: false, timestampNow: now.millisecondsSince1970)
    }
}
