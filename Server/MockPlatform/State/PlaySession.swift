import Clocks

/// One playback the platform handed out an entitlement for: what counts against a user's
/// concurrent-streams limit, and what EventSink events are tied to (`SessionId`).
///
/// Its JSON (the admin API's, the state file's) keeps the wire's names and milliseconds:
/// `startedMs`, `lastSeenMs`, `tokenExpiresMs` and `endedMs` since 1970, `idleTimeoutMs` long.
public struct PlaySession: Sendable, Equatable, Codable {
    /// The entitlement's `playSessionId`.
    public var id: String
    /// The account playing.
    public var accountId: String
    /// The asset entitled (a program's asset for catch-up, the channel for live).
    public var assetId: String
    /// Whether positions reported for it become the asset's bookmark (VOD and catch-up; not live).
    public var tracksBookmark: Bool
    /// When the entitlement was issued (platform clock).
    public var started: WallTime {
        get { wireStarted.instant }
        set { wireStarted = WireWallTime(newValue) }
    }
    /// When the last sign of life (entitlement or event) arrived.
    public var lastSeen: WallTime {
        get { wireLastSeen.instant }
        set { wireLastSeen = WireWallTime(newValue) }
    }
    /// When its play token expires.
    public var tokenExpires: WallTime {
        get { wireTokenExpires.instant }
        set { wireTokenExpires = WireWallTime(newValue) }
    }
    /// How long it stays active without any event: three of the post intervals its entitlement
    /// promised (players send at least a heartbeat every post interval).
    public var idleTimeout: Duration {
        get { wireIdleTimeout.duration }
        set { wireIdleTimeout = WireMilliseconds(newValue) }
    }
    /// When it ended (Completed, Aborted, Error); nil while not ended.
    public var ended: WallTime? {
        get { wireEnded?.instant }
        set { wireEnded = newValue.map(WireWallTime.init) }
    }
    /// The event type that ended it.
    public var endReason: String?

    private var wireStarted: WireWallTime
    private var wireLastSeen: WireWallTime
    private var wireTokenExpires: WireWallTime
    private var wireIdleTimeout: WireMilliseconds
    private var wireEnded: WireWallTime?

    /// The idle timeout of sessions that name none: three of Exposure's default 60-second post intervals.
    public static let defaultIdleTimeout: Duration = .seconds(3 * 60)

    /// A play session.
    public init(
        id: String, accountId: String, assetId: String, tracksBookmark: Bool, started: WallTime,
        lastSeen: WallTime, tokenExpires: WallTime, idleTimeout: Duration = PlaySession.defaultIdleTimeout,
        ended: WallTime? = nil, endReason: String? = nil
    ) {
        self.id = id
        self.accountId = accountId
        self.assetId = assetId
        self.tracksBookmark = tracksBookmark
        wireStarted = WireWallTime(started)
        wireLastSeen = WireWallTime(lastSeen)
        wireTokenExpires = WireWallTime(tokenExpires)
        wireIdleTimeout = WireMilliseconds(idleTimeout)
        wireEnded = ended.map(WireWallTime.init)
        self.endReason = endReason
    }

    /// Whether it still holds a stream slot at `now`: not ended, not silent for three post
    /// intervals, and its play token still valid.
    public func isActive(at now: WallTime) -> Bool {
        ended == nil && now - lastSeen < idleTimeout && now < tokenExpires
    }

    /// The wire's names.
    private enum CodingKeys: String, CodingKey {
        case id, accountId, assetId, tracksBookmark
        case wireStarted = "startedMs"
        case wireLastSeen = "lastSeenMs"
        case wireTokenExpires = "tokenExpiresMs"
        case wireIdleTimeout = "idleTimeoutMs"
        case wireEnded = "endedMs"
        case endReason
    }
}
