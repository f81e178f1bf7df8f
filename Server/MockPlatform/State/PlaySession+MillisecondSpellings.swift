import Clocks

// The play session's times as they were spelled before they became types: instants in
// milliseconds since 1970 and the idle timeout in milliseconds, under their wire names. They
// forward to the typed ones.

extension PlaySession {
    /// A play session whose times are given in milliseconds.
    @available(
        *, deprecated, renamed: "init(id:accountId:assetId:tracksBookmark:started:lastSeen:tokenExpires:idleTimeout:ended:endReason:)",
        message: "give the instants as WallTimes and the idle timeout as a Duration"
    )
    public init(
        id: String, accountId: String, assetId: String, tracksBookmark: Bool, startedMs: Int64,
        lastSeenMs: Int64, tokenExpiresMs: Int64, idleTimeoutMs: Int64 = 3 * 60_000,
        endedMs: Int64? = nil, endReason: String? = nil
    ) {
        self.init(
            id: id, accountId: accountId, assetId: assetId, tracksBookmark: tracksBookmark,
            started: WallTime(millisecondsSince1970: startedMs), lastSeen: WallTime(millisecondsSince1970: lastSeenMs),
            tokenExpires: WallTime(millisecondsSince1970: tokenExpiresMs), idleTimeout: .milliseconds(idleTimeoutMs),
            ended: endedMs.map(WallTime.init(millisecondsSince1970:)), endReason: endReason)
    }

    /// ``started`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "started", message: "started is a WallTime")
    public var startedMs: Int64 {
        get { started.millisecondsSince1970 }
        set { started = WallTime(millisecondsSince1970: newValue) }
    }

    /// ``lastSeen`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "lastSeen", message: "lastSeen is a WallTime")
    public var lastSeenMs: Int64 {
        get { lastSeen.millisecondsSince1970 }
        set { lastSeen = WallTime(millisecondsSince1970: newValue) }
    }

    /// ``tokenExpires`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "tokenExpires", message: "tokenExpires is a WallTime")
    public var tokenExpiresMs: Int64 {
        get { tokenExpires.millisecondsSince1970 }
        set { tokenExpires = WallTime(millisecondsSince1970: newValue) }
    }

    /// ``idleTimeout`` in whole milliseconds.
    @available(*, deprecated, renamed: "idleTimeout", message: "idleTimeout is a Duration")
    public var idleTimeoutMs: Int64 {
        get { idleTimeout.wholeMilliseconds }
        set { idleTimeout = .milliseconds(newValue) }
    }

    /// ``ended`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "ended", message: "ended is a WallTime")
    public var endedMs: Int64? {
        get { ended?.millisecondsSince1970 }
        set { ended = newValue.map(WallTime.init(millisecondsSince1970:)) }
    }

    /// ``defaultIdleTimeout`` in milliseconds.
    @available(*, deprecated, renamed: "defaultIdleTimeout", message: "defaultIdleTimeout is a Duration")
    public static var defaultIdleTimeoutMs: Int64 { defaultIdleTimeout.wholeMilliseconds }

    /// Whether it still holds a stream slot at `nowMs`, milliseconds since 1970.
    @available(*, deprecated, renamed: "isActive(at:)", message: "give the instant as a WallTime")
    public func isActive(atMs nowMs: Int64) -> Bool { isActive(at: WallTime(millisecondsSince1970: nowMs)) }
}
