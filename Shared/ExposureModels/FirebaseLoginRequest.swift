/// The body of `POST /v2/…/auth/firebaseLogin`: a Firebase ID token and what the app knows of the user.
public struct FirebaseLoginRequest: Codable, Sendable, Equatable {
    /// The device logging in.
    public var device: DeviceInfo?
    /// The Firebase ID token the app got from Firebase Authentication.
    public var accessToken: String
    /// The Firebase sign-in provider, e.g. `password` or `google.com`.
    public var providerId: String
    /// The user name, when the app has one.
    public var username: String?
    /// The e-mail address.
    public var email: String?
    /// A name to show.
    public var displayName: String?
    /// Whether Firebase verified the e-mail address (the official SDK always sends `true`).
    public var emailVerified: Bool?
    /// The user's language, e.g. `en`.
    public var language: String?

    /// A Firebase login body.
    public init(
        device: DeviceInfo?, accessToken: String, providerId: String, username: String? = nil, email: String? = nil,
        displayName: String? = nil, emailVerified: Bool? = true, language: String? = nil
    ) {
        self.device = device
        self.accessToken = accessToken
        self.providerId = providerId
        self.username = username
        self.email = email
        self.displayName = displayName
        self.emailVerified = emailVerified
        self.language = language
    }
}
