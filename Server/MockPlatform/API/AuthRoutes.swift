import Clocks
import ExposureModels
import Foundation
import HTTPServer

/// Login (v2, v3), anonymous login, session validation and logout.
extension ExposureAPI {
    mutating func registerAuth() {
        add(.post, [.v2, .v3], "/auth/login") { context throws(ExposureErrorMessage) in
            let login = try context.body(LoginRequest.self)
            guard let user = context.catalog.users[login.username], user.password == login.password else {
                throw .incorrectCredentials
            }
            let settings = context.catalog.settings
            let minutes = login.rememberMe == true ? settings.rememberMeSessionLifetimeMinutes : settings.sessionLifetimeMinutes
            let session = try Self.newSession(
                accountId: user.accountId, userId: user.userId, username: user.username, products: user.products,
                lifetimeMinutes: minutes, deviceId: login.device?.deviceId, context: context)
            return Responses.json(Self.credentials(for: session, user: user))
        }

        // Firebase login (v2, as the official SDK's `loginWithFirebase` posts it). The mock trusts
        // no Google keys: it takes the test token `mock-firebase:{username}` of a fixture user, who
        // is logged in as with a password; any other token is refused.
        add(.post, [.v2], "/auth/firebaseLogin") { context throws(ExposureErrorMessage) in
            let login = try context.body(FirebaseLoginRequest.self)
            guard !login.providerId.isEmpty else { throw .invalidParameter("providerId", "must name the Firebase sign-in provider") }
            guard login.accessToken.hasPrefix(Self.firebaseTestTokenPrefix),
                let user = context.catalog.users[String(login.accessToken.dropFirst(Self.firebaseTestTokenPrefix.count))]
            else {
                throw ExposureErrorMessage(
                    httpCode: 401, message: ExposureErrorMessage.incorrectCredentials.message,
                    extendedMessage: "The mock takes the Firebase test token \(Self.firebaseTestTokenPrefix){username} of a fixture user.")
            }
            let session = try Self.newSession(
                accountId: user.accountId, userId: user.userId, username: user.username, products: user.products,
                lifetimeMinutes: context.catalog.settings.sessionLifetimeMinutes, deviceId: login.device?.deviceId, context: context)
            return Responses.json(Self.credentials(for: session, user: user))
        }

        add(.post, [.v2, .v3], "/auth/anonymous") { context throws(ExposureErrorMessage) in
            let settings = context.catalog.settings
            guard settings.anonymousLoginAllowed else {
                throw ExposureErrorMessage(httpCode: 403, message: "FORBIDDEN", extendedMessage: "Anonymous login is disabled.")
            }
            let body = context.request.body.isEmpty ? nil : try context.body(AnonymousLoginRequest.self)
            let id = "anonymous-" + RandomToken.make(bytes: 6)
            let session = try Self.newSession(
                accountId: id, userId: id, username: nil, products: settings.anonymousProducts,
                lifetimeMinutes: settings.sessionLifetimeMinutes, deviceId: body?.deviceId ?? body?.device?.deviceId,
                context: context)
            return Responses.json(Self.credentials(for: session, user: nil))
        }

        add(.get, [.v1, .v2], "/auth/session") { context throws(ExposureErrorMessage) in
            let session = try context.requireSession()
            let token = SessionToken(value: session.token)
            return Responses.json(SessionInfo(crmToken: token.crmToken ?? "", accountId: session.accountId, userId: session.userId))
        }

        for path in ["/auth/session", "/auth/login"] {
            add(.delete, [.v1, .v2, .v3], path) { context throws(ExposureErrorMessage) in
                let session = try context.requireSession()
                context.platform.state.removeSession(token: session.token)
                // 200 as the OpenAPI document says; `{}` because the official SDK's
                // `EmptyResponse` decodes an empty object but not an empty body.
                return Responses.emptyObject()
            }
        }
    }

    /// What the Firebase test token starts with; a fixture user's name follows.
    static let firebaseTestTokenPrefix = "mock-firebase:"

    /// The longest `deviceId` a login may carry, characters (Unicode scalars, as JSON Schema's
    /// `maxLength` counts): every session keeps it, in memory or in the state file, so it is
    /// bounded like all the mock holds for clients (the official SDKs send a 36-character UUID).
    static let maxDeviceIdLength = 256

    private static func newSession(
        accountId: String, userId: String, username: String?, products: [String], lifetimeMinutes: Int,
        deviceId: String?, context: RequestContext
    ) throws(ExposureErrorMessage) -> Session {
        if let deviceId, deviceId.unicodeScalars.count > maxDeviceIdLength {
            throw .invalidJSON("deviceId is \(deviceId.unicodeScalars.count) characters long; it may be at most \(maxDeviceIdLength).")
        }
        let expires = context.now + .seconds(Int64(lifetimeMinutes) * 60)
        let token = SessionToken(
            crmToken: context.catalog.settings.customer.lowercased() + "-crm", accountId: accountId, userId: userId,
            opaque: RandomToken.make(bytes: 24), acquired: context.now, expiration: expires,
            anonymous: username == nil)
        let session = Session(
            token: token.value, accountId: accountId, userId: userId, username: username, products: products,
            issued: context.now, expires: expires, deviceId: deviceId)
        context.platform.state.insert(session)
        return session
    }

    private static func credentials(for session: Session, user: FixtureUser?) -> Credentials {
        let token = SessionToken(value: session.token)
        return Credentials(
            sessionToken: token, crmToken: token.crmToken, accountId: session.accountId, accountStatus: "Active",
            expirationDateTime: session.expires.date,
            userProfile: user.map { UserProfile(username: $0.username, displayName: $0.displayName, emailAddress: $0.emailAddress) })
    }
}
