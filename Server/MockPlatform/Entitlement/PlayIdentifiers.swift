/// What differs between two plays of one asset by one kind of account: the ids each play is
/// given and the account's id. A play entitlement's JSON is cached without them (see
/// `EntitlementBodies`) and they are patched in per request.
struct PlayIdentifiers: Sendable, Equatable {
    /// The play session (also inside SSAI and ad beacon URLs).
    var playSessionId: String
    /// The play token.
    var playToken: String
    /// The request id, in the body and the `X-Request-Id` header.
    var requestId: String
    /// The account playing.
    var accountId: String

    /// New random ids for a play by `accountId`.
    static func fresh(accountId: String) -> PlayIdentifiers {
        PlayIdentifiers(
            playSessionId: RandomToken.make(bytes: 16), playToken: RandomToken.make(bytes: 16),
            requestId: RequestID.make(), accountId: accountId)
    }

    /// The values in the order of `markers`' fields.
    var values: [String] { [playSessionId, playToken, requestId, accountId] }
}
