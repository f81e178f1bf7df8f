import Foundation

/// What a successful login answers.
public struct Credentials: Codable, Sendable, Equatable {
    /// The session token; the only required key.
    public var sessionToken: SessionToken
    /// The CRM token.
    public var crmToken: String?
    /// The account id.
    public var accountId: String?
    /// The account status, e.g. `Active`.
    public var accountStatus: String?
    /// When the session expires.
    public var expirationDateTime: Date?
    /// Who logged in.
    public var userProfile: UserProfile?

    /// Credentials with the given fields.
    public init(
        sessionToken: SessionToken, crmToken: String? = nil, accountId: String? = nil,
        accountStatus: String? = nil, expirationDateTime: Date? = nil, userProfile: UserProfile? = nil
    ) {
        self.sessionToken = sessionToken
        self.crmToken = crmToken
        self.accountId = accountId
        self.accountStatus = accountStatus
        self.expirationDateTime = expirationDateTime
        self.userProfile = userProfile
    }
}

/// The profile returned with credentials.
public struct UserProfile: Codable, Sendable, Equatable {
    /// The login name.
    public var username: String?
    /// A name to show.
    public var displayName: String?
    /// The e-mail address.
    public var emailAddress: String?

    /// A profile.
    public init(username: String? = nil, displayName: String? = nil, emailAddress: String? = nil) {
        self.username = username
        self.displayName = displayName
        self.emailAddress = emailAddress
    }
}

/// The answer to `GET …/auth/session`: who the token belongs to. All keys required.
public struct SessionInfo: Codable, Sendable, Equatable {
    /// The CRM token.
    public var crmToken: String
    /// The account id.
    public var accountId: String
    /// The user id.
    public var userId: String

    /// Session information.
    public init(crmToken: String, accountId: String, userId: String) {
        self.crmToken = crmToken
        self.accountId = accountId
        self.userId = userId
    }
}
