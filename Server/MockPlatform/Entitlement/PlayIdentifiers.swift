import Clocks

/// What differs between two plays of one asset by one kind of account: the ids each play is
/// given and the account's id. A play entitlement's JSON is cached without them (see
/// `EntitlementBodies`) and they are patched in per request.
struct PlayIdentifiers: Sendable, Equatable {
    /// The play session (also inside SSAI and ad beacon URLs).
    var playSessionId: String
    /// The play token (a signed ``PlayToken``).
    var playToken: String
    /// The request id, in the body and the `X-Request-Id` header.
    var requestId: String
    /// The account playing.
    var accountId: String

    /// New ids for a play by `accountId` of the stream of `assetId` (the channel, for programs):
    /// random ones, and a play token for them that expires at `tokenExpires`.
    static func fresh(accountId: String, assetId: String, tokenExpires: WallTime) -> PlayIdentifiers {
        let playSessionId = RandomToken.make(bytes: 16)
        let token = PlayToken(playSessionId: playSessionId, assetId: assetId, accountId: accountId, expires: tokenExpires)
        return PlayIdentifiers(playSessionId: playSessionId, playToken: token.text, requestId: RequestID.make(), accountId: accountId)
    }

    /// The values in the order of `markers`' fields.
    var values: [String] { [playSessionId, playToken, requestId, accountId] }
}
