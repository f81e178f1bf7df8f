import Clocks

/// A logged-in (or anonymous) session the platform issued. Its JSON keeps `issuedMs` and
/// `expiresMs`, milliseconds since 1970.
package struct Session: Sendable, Equatable, Codable {
    /// The full token string clients send as Bearer.
    package var token: String
    /// The account.
    package var accountId: String
    /// The user.
    package var userId: String
    /// The username, nil for anonymous sessions.
    package var username: String?
    /// The products the session is entitled to.
    package var products: [String]
    /// When it was issued (platform clock).
    package var issued: WallTime {
        get { wireIssued.instant }
        set { wireIssued = WireWallTime(newValue) }
    }
    /// When it expires (platform clock).
    package var expires: WallTime {
        get { wireExpires.instant }
        set { wireExpires = WireWallTime(newValue) }
    }
    /// The device that logged in.
    package var deviceId: String?

    private var wireIssued: WireWallTime
    private var wireExpires: WireWallTime

    /// A session.
    package init(
        token: String, accountId: String, userId: String, username: String?, products: [String], issued: WallTime, expires: WallTime,
        deviceId: String?
    ) {
        self.token = token
        self.accountId = accountId
        self.userId = userId
        self.username = username
        self.products = products
        wireIssued = WireWallTime(issued)
        wireExpires = WireWallTime(expires)
        self.deviceId = deviceId
    }

    /// Whether the session is anonymous.
    package var isAnonymous: Bool { username == nil }

    /// Whether it is still valid at `now`.
    package func isValid(at now: WallTime) -> Bool { expires > now }

    /// The wire's names.
    private enum CodingKeys: String, CodingKey {
        case token, accountId, userId, username, products
        case wireIssued = "issuedMs"
        case wireExpires = "expiresMs"
        case deviceId
    }
}

/// A user's last position in an asset.
package struct Bookmark: Sendable, Equatable, Codable {
    /// The asset.
    package var assetId: String
    /// The last position, ms from the start.
    package var offsetMs: Int64
    /// When it was saved, ms since 1970.
    package var savedMs: Int64
}
