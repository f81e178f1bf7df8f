/// The opaque session token Exposure issues, with the `|`-separated shape clients read.
///
/// Layout: `crmToken|accountId|userId|opaque|acquiredMs|expirationMs|anonymous`. Encoded in JSON
/// as a plain string.
public struct SessionToken: Codable, Sendable, Hashable, CustomStringConvertible {
    /// The token exactly as issued; send this in `Authorization: Bearer …`.
    public let value: String

    /// Wraps a token string as received.
    public init(value: String) { self.value = value }

    /// Builds a token in Exposure's shape. `opaque` should be unguessable.
    public init(
        crmToken: String, accountId: String, userId: String, opaque: String,
        acquiredMs: Int64, expirationMs: Int64, anonymous: Bool
    ) {
        value = [crmToken, accountId, userId, opaque, String(acquiredMs), String(expirationMs), anonymous ? "true" : "false"]
            .joined(separator: "|")
    }

    private var parts: [Substring] { value.split(separator: "|", omittingEmptySubsequences: false) }

    private func part(_ index: Int) -> String? {
        let parts = self.parts
        return parts.count == 7 ? String(parts[index]) : nil
    }

    /// The CRM token (field 0), when the token has Exposure's shape.
    public var crmToken: String? { part(0) }
    /// The account id (field 1).
    public var accountId: String? { part(1) }
    /// The user id (field 2).
    public var userId: String? { part(2) }
    /// When the token was issued, ms since 1970 (field 4).
    public var acquiredMs: Int64? { part(4).flatMap { Int64($0) } }
    /// When the token expires, ms since 1970 (field 5).
    public var expirationMs: Int64? { part(5).flatMap { Int64($0) } }
    /// Whether the session is anonymous (field 6).
    public var isAnonymous: Bool? { part(6).map { $0 == "true" } }

    /// True when the token has the seven-field shape with numeric times.
    public var isWellFormed: Bool { acquiredMs != nil && expirationMs != nil && isAnonymous != nil }

    /// Whether the token has expired at `nowMs` (false when the expiry cannot be read).
    public func isExpired(atMs nowMs: Int64) -> Bool { expirationMs.map { $0 <= nowMs } ?? false }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    public var description: String { value }
}
