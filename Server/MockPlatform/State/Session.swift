/// A logged-in (or anonymous) session the platform issued.
public struct Session: Sendable, Equatable, Codable {
    /// The full token string clients send as Bearer.
    public var token: String
    /// The account.
    public var accountId: String
    /// The user.
    public var userId: String
    /// The username, nil for anonymous sessions.
    public var username: String?
    /// The products the session is entitled to.
    public var products: [String]
    /// When it was issued, ms since 1970 (platform clock).
    public var issuedMs: Int64
    /// When it expires, ms since 1970 (platform clock).
    public var expiresMs: Int64
    /// The device that logged in.
    public var deviceId: String?

    /// Whether the session is anonymous.
    public var isAnonymous: Bool { username == nil }
}

/// A user's last position in an asset.
public struct Bookmark: Sendable, Equatable, Codable {
    /// The asset.
    public var assetId: String
    /// The last position, ms from the start.
    public var offsetMs: Int64
    /// When it was saved, ms since 1970.
    public var savedMs: Int64
}
