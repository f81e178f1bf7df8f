import Clocks

/// A logged-in (or anonymous) session the platform issued.
package struct Session: Sendable, Equatable {
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
    package var issued: WallTime
    /// When it expires (platform clock).
    package var expires: WallTime
    /// The device that logged in.
    package var deviceId: String?

    /// Whether the session is anonymous.
    package var isAnonymous: Bool { username == nil }

    /// Whether it is still valid at `now`.
    package func isValid(at now: WallTime) -> Bool { expires > now }
}

/// A user's last position in an asset.
package struct Bookmark: Sendable, Equatable, Codable {
    /// The asset.
    package var assetId: String
    /// The last position, from the start (`offsetMs` in JSON: whole milliseconds).
    package var offset: Duration { wireOffset.duration }
    /// When it was saved (`savedMs` in JSON: milliseconds since 1970).
    package var saved: WallTime { wireSaved.instant }
    private var wireOffset: WireMilliseconds
    private var wireSaved: WireWallTime

    /// The position `offset` into `assetId`, saved at `saved`.
    package init(assetId: String, offset: Duration, saved: WallTime) {
        self.assetId = assetId
        wireOffset = WireMilliseconds(offset)
        wireSaved = WireWallTime(saved)
    }

    /// The JSON's names: the properties' own, but ``offset``'s `offsetMs` and ``saved``'s `savedMs`.
    private enum CodingKeys: String, CodingKey {
        case assetId
        case wireOffset = "offsetMs"
        case wireSaved = "savedMs"
    }
}
