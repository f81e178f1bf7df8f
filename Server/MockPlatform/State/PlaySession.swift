/// One playback the platform handed out an entitlement for: what counts against a user's
/// concurrent-streams limit, and what EventSink events are tied to (`SessionId`).
public struct PlaySession: Sendable, Equatable, Codable {
    /// The entitlement's `playSessionId`.
    public var id: String
    /// The account playing.
    public var accountId: String
    /// The asset entitled (a program's asset for catch-up, the channel for live).
    public var assetId: String
    /// Whether positions reported for it become the asset's bookmark (VOD and catch-up; not live).
    public var tracksBookmark: Bool
    /// When the entitlement was issued, ms since 1970 (platform clock).
    public var startedMs: Int64
    /// When the last sign of life (entitlement or event) arrived, ms since 1970.
    public var lastSeenMs: Int64
    /// When its play token expires, ms since 1970.
    public var tokenExpiresMs: Int64
    /// How long it stays active without any event, ms: three of the post intervals its
    /// entitlement promised (players send at least a heartbeat every post interval).
    public var idleTimeoutMs: Int64
    /// When it ended (Completed, Aborted, Error), ms since 1970; nil while not ended.
    public var endedMs: Int64?
    /// The event type that ended it.
    public var endReason: String?

    /// The idle timeout of sessions that name none: three of Exposure's default 60-second post intervals.
    public static let defaultIdleTimeoutMs: Int64 = 3 * 60_000

    /// A play session.
    public init(
        id: String, accountId: String, assetId: String, tracksBookmark: Bool, startedMs: Int64,
        lastSeenMs: Int64, tokenExpiresMs: Int64, idleTimeoutMs: Int64 = PlaySession.defaultIdleTimeoutMs,
        endedMs: Int64? = nil, endReason: String? = nil
    ) {
        self.id = id
        self.accountId = accountId
        self.assetId = assetId
        self.tracksBookmark = tracksBookmark
        self.startedMs = startedMs
        self.lastSeenMs = lastSeenMs
        self.tokenExpiresMs = tokenExpiresMs
        self.idleTimeoutMs = idleTimeoutMs
        self.endedMs = endedMs
        self.endReason = endReason
    }

    /// Whether it still holds a stream slot at `nowMs`: not ended, not silent for three post
    /// intervals, and its play token still valid.
    public func isActive(atMs nowMs: Int64) -> Bool {
        endedMs == nil && nowMs - lastSeenMs < idleTimeoutMs && nowMs < tokenExpiresMs
    }
}
