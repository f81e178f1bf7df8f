import Clocks

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
        acquired: WallTime, expiration: WallTime, anonymous: Bool
    ) {
        let times = [acquired, expiration].map { String($0.millisecondsSince1970) }
        value = ([crmToken, accountId, userId, opaque] + times + [anonymous ? "true" : "false"]).joined(separator: "|")
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
    /// When the token was issued (field 4, milliseconds since 1970).
    public var acquired: WallTime? { instant(4) }
    /// When the token expires (field 5, milliseconds since 1970).
    public var expiration: WallTime? { instant(5) }
    /// Whether the session is anonymous (field 6).
    public var isAnonymous: Bool? { part(6).map { $0 == "true" } }

    /// True when the token has the seven-field shape with numeric times.
    public var isWellFormed: Bool { acquired != nil && expiration != nil && isAnonymous != nil }

    /// Whether the token has expired at `now` (false when the expiry cannot be read).
    public func isExpired(at now: WallTime) -> Bool { expiration.map { $0 <= now } ?? false }

    private func instant(_ index: Int) -> WallTime? {
        part(index).flatMap { Int64($0) }.map(WallTime.init(millisecondsSince1970:))
    }

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    public var description: String { value }
}
