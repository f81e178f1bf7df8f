/// One entry of `users.json`: an account that can log in.
public struct FixtureUser: Codable, Sendable, Equatable {
    /// The login name.
    public var username: String
    /// The password, in clear: these are test fixtures.
    public var password: String
    /// A name to show.
    public var displayName: String?
    /// The e-mail address.
    public var emailAddress: String?
    /// The account id in tokens and entitlements.
    public var accountId: String
    /// The user id in tokens.
    public var userId: String
    /// The products the account has bought; an asset is entitled when its publication lists one.
    public var products: [String]
    /// Bookmarks the account starts with: asset id → last viewed offset, ms.
    public var bookmarks: [String: Int64]?
    /// How many streams the account may play at once (unlimited when absent).
    public var concurrentStreamsLimit: Int?
}
