/// One entry of `users.json`: an account that can log in.
package struct FixtureUser: Codable, Sendable, Equatable {
    /// The login name.
    package var username: String
    /// The password, in clear: these are test fixtures.
    package var password: String
    /// A name to show.
    package var displayName: String?
    /// The e-mail address.
    package var emailAddress: String?
    /// The account id in tokens and entitlements.
    package var accountId: String
    /// The user id in tokens.
    package var userId: String
    /// The products the account has bought; an asset is entitled when its publication lists one.
    package var products: [String]
    /// Bookmarks the account starts with: asset id → last viewed offset, ms.
    package var bookmarks: [String: Int64]?
    /// How many streams the account may play at once (unlimited when absent).
    package var concurrentStreamsLimit: Int?
}
