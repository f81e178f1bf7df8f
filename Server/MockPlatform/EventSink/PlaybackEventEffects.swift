import Clocks
import ExposureModels

/// What a batch of analytics events changes in the platform's state, as Exposure's backend
/// derives it: the last reported position becomes the bookmark, a terminal event ends the play
/// session, and any event keeps the session from idling out.
struct PlaybackEventEffects {
    let state: any PlatformState
    let now: WallTime

    /// Events whose `OffsetTime` is not a content position the user reached (set-up and ad events).
    static let withoutPosition: Set<String> = [
        AnalyticsEventType.created, AnalyticsEventType.deviceInfo, AnalyticsEventType.handshakeStarted,
        AnalyticsEventType.playerReady, AnalyticsEventType.adStarted, AnalyticsEventType.adCompleted, AnalyticsEventType.adFailed
    ]

    /// Applies `batch`, sent with a token of `accountId`. Batches about another account's play
    /// session, or an unknown one, change nothing: one user cannot move another's bookmarks.
    func apply(_ batch: AnalyticsBatch, accountId: String) {
        guard let play = state.playSession(id: batch.sessionId), play.accountId == accountId, play.ended == nil else { return }
        state.touchPlaySession(id: play.id, at: now)
        var position: (offset: Duration, at: WallTime)?
        for event in batch.payload {
            if let offset = event.offsetTime, !Self.withoutPosition.contains(event.eventType) {
                // Event times are client clock; ClockOffset (client minus server) brings them to platform time.
                position = (.milliseconds(offset), WallTime(millisecondsSince1970: event.timestamp - (batch.clockOffset ?? 0)))
            }
            if AnalyticsEventType.terminal.contains(event.eventType) {
                state.endPlaySession(id: play.id, at: now, reason: event.eventType)
                break
            }
        }
        guard play.tracksBookmark, let position else { return }
        // Batches sent late (retried, or offline playback) must not roll a newer bookmark back.
        if let saved = state.bookmarks(accountId: accountId)[play.assetId], saved.saved > position.at { return }
        state.save(Bookmark(assetId: play.assetId, offset: position.offset, saved: position.at), accountId: accountId)
    }
}
