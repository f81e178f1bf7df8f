import Clocks

/// The per-session analytics reports of `GET /_mock/analytics/sessions`: what `ClientActivity`
/// recorded, checked with the post interval the session's entitlement promised.
extension PlatformContext {
    /// Every play session that sent events, in the order of its oldest event kept.
    package func analyticsSessions() -> [AnalyticsSessionReport] {
        activity.sessions().map(analyticsReport(of:))
    }

    /// One play session's report; nil when it sent no events.
    package func analyticsSession(id: String) -> AnalyticsSessionReport? {
        let session = SessionActivity(
            sessionId: id, events: activity.events(sessionId: id), duplicatesDropped: activity.duplicatesDropped(sessionId: id))
        guard !session.events.isEmpty || session.duplicatesDropped > 0 else { return nil }
        return analyticsReport(of: session)
    }

    private func analyticsReport(of session: SessionActivity) -> AnalyticsSessionReport {
        let play = state.playSession(id: session.sessionId)
        // The idle timeout is three of the session's post intervals (PlaySession.idleTimeout).
        let postInterval =
            play.map { Int($0.idleTimeout.wholeMilliseconds / 3_000) } ?? catalog.catalog.settings.analyticsPostIntervalSeconds
        let idle = play.map { $0.ended == nil && !$0.isActive(at: clock.now) } ?? false
        return AnalyticsSessionAnalysis(postIntervalSeconds: postInterval)
            .report(sessionId: session.sessionId, received: session.events, duplicatesDropped: session.duplicatesDropped, idle: idle)
    }
}
