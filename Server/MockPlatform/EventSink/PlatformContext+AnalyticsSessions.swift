/// The per-session analytics reports of `GET /_mock/analytics/sessions`: what `ClientActivity`
/// recorded, checked with the post interval the session's entitlement promised.
extension PlatformContext {
    /// Every play session that sent events, in the order their first event arrived.
    public func analyticsSessions() -> [AnalyticsSessionReport] {
        activity.sessionIds.compactMap(analyticsSession(id:))
    }

    /// One play session's report; nil when it sent no events.
    public func analyticsSession(id: String) -> AnalyticsSessionReport? {
        let received = activity.events(sessionId: id)
        let duplicates = activity.duplicatesDropped(sessionId: id)
        guard !received.isEmpty || duplicates > 0 else { return nil }
        let play = state.playSession(id: id)
        // The idle timeout is three of the session's post intervals (PlaySession.idleTimeoutMs).
        let postInterval = play.map { Int($0.idleTimeoutMs / 3_000) } ?? catalog.catalog.settings.analyticsPostIntervalSeconds
        let idle = play.map { $0.endedMs == nil && !$0.isActive(atMs: clock.nowMs()) } ?? false
        return AnalyticsSessionAnalysis(postIntervalSeconds: postInterval)
            .report(sessionId: id, received: received, duplicatesDropped: duplicates, idle: idle)
    }
}
