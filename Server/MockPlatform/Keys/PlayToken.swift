import Clocks
import Cryptography
import Foundation

/// A play token: what an entitlement hands out and the key server checks. It names the play
/// session, the stream's asset (the channel, for programs), the account and when it expires,
/// signed with HMAC-SHA-256 under ``MockSecret``, so the key server checks it without
/// storing anything: a token whose text was changed is forged.
///
/// The text is `<payload>.<signature>`: the payload the fields joined by U+001F in base64url,
/// the signature 32 hex digits (128 bits of the HMAC).
struct PlayToken: Equatable, Sendable {
    /// The play session it was issued with.
    let playSessionId: String
    /// The asset or channel whose stream (and keys) it opens.
    let assetId: String
    /// The account it was issued to.
    let accountId: String
    /// When it stops opening keys (platform clock); whole seconds, as the entitlement's
    /// `playTokenExpiration`. The text carries it as milliseconds since 1970.
    let expires: WallTime

    private static let separator: Character = "\u{1F}"

    /// The token's text, as the entitlement's `playToken` and the key URIs' `token` carry it.
    var text: String {
        let payload = Self.base64URL(
            Array([playSessionId, assetId, accountId, String(expires.millisecondsSince1970)].joined(separator: String(Self.separator)).utf8)
        )
        return payload + "." + Self.signature(of: payload)
    }

    /// A token.
    init(playSessionId: String, assetId: String, accountId: String, expires: WallTime) {
        self.playSessionId = playSessionId
        self.assetId = assetId
        self.accountId = accountId
        self.expires = expires
    }

    /// The token `text` stands for; nil when it is not one the mock signed.
    init?(verifying text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, Self.signature(of: String(parts[0])) == parts[1],
            let payload = Self.bytes(base64URL: String(parts[0]))
        else { return nil }
        let fields = String(decoding: payload, as: UTF8.self).split(separator: Self.separator, omittingEmptySubsequences: false)
        guard fields.count == 4, let expiresMs = Int64(fields[3]) else { return nil }
        self.init(
            playSessionId: String(fields[0]), assetId: String(fields[1]), accountId: String(fields[2]),
            expires: WallTime(millisecondsSince1970: expiresMs))
    }

    private static func signature(of payload: String) -> String {
        let code = HMACSHA256.code(key: MockSecret.bytes, message: Array(("play-token:" + payload).utf8))
        return LowercaseHex.string(code.prefix(16))
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    private static func bytes(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
