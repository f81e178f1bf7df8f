import Clocks

// The session token's times as they were spelled before they became `WallTime`s: milliseconds
// since 1970, as the token's fields write them. They forward to the typed ones.

extension SessionToken {
    /// Builds a token in Exposure's shape, its times given in milliseconds since 1970.
    @available(
        *, deprecated, renamed: "init(crmToken:accountId:userId:opaque:acquired:expiration:anonymous:)",
        message: "give the times as WallTimes"
    )
    public init(
        crmToken: String, accountId: String, userId: String, opaque: String,
        acquiredMs: Int64, expirationMs: Int64, anonymous: Bool
    ) {
        self.init(
            crmToken: crmToken, accountId: accountId, userId: userId, opaque: opaque,
            acquired: WallTime(millisecondsSince1970: acquiredMs), expiration: WallTime(millisecondsSince1970: expirationMs),
            anonymous: anonymous)
    }

    /// ``acquired`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "acquired", message: "acquired is a WallTime")
    public var acquiredMs: Int64? { acquired?.millisecondsSince1970 }

    /// ``expiration`` in milliseconds since 1970.
    @available(*, deprecated, renamed: "expiration", message: "expiration is a WallTime")
    public var expirationMs: Int64? { expiration?.millisecondsSince1970 }

    /// Whether the token has expired at `nowMs`, milliseconds since 1970.
    @available(*, deprecated, renamed: "isExpired(at:)", message: "give the instant as a WallTime")
    public func isExpired(atMs nowMs: Int64) -> Bool { isExpired(at: WallTime(millisecondsSince1970: nowMs)) }
}
