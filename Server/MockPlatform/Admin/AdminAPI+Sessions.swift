import ExposureModels
import Foundation
import HTTPServer

extension AdminAPI {
    /// Where the dashboard signs in and out.
    static let sessionPath = ControlPlaneResponder.prefix + "/session"

    /// `POST /_mock/session` exchanges the admin token for a session cookie (``AdminSessions``),
    /// `GET` says whether the request carries one, `DELETE` signs out.
    mutating func registerSessions() {
        let access = control.adminAccess
        let sessions = control.adminSessions
        add(.post, "/session") { request, _ throws(ExposureErrorMessage) in
            let body = try Self.body(AdminSignIn.self, of: request)
            guard case .token(let token) = access else { return Responses.noContent() }
            guard AdminAccess.constantTimeEquals(body.token, token) else {
                return ControlPlaneResponder.needsToken("That is not the admin token this mock was started with.")
            }
            var response = Responses.noContent()
            response.headers.set("Set-Cookie", AdminSessions.cookie(sessions.open(for: token), for: request))
            response.headers.set("Cache-Control", "no-store")
            return response
        }
        add(.get, "/session") { request, _ throws(ExposureErrorMessage) in
            guard case .token(let token) = access else { return Responses.json(AdminSessionState(signedIn: false)) }
            return Responses.json(AdminSessionState(signedIn: sessions.admits(AdminSessions.ids(in: request), token: token)))
        }
        add(.delete, "/session") { request, _ throws(ExposureErrorMessage) in
            sessions.close(AdminSessions.ids(in: request))
            var response = Responses.noContent()
            response.headers.set("Set-Cookie", AdminSessions.cookie(nil, for: request))
            return response
        }
    }
}

/// `POST /_mock/session`: the admin token, exchanged for a session cookie.
public struct AdminSignIn: Codable, Sendable, Equatable {
    /// The `--admin-token` the mock was started with.
    public var token: String

    /// A sign-in with `token`.
    public init(token: String) { self.token = token }
}

/// `GET /_mock/session`.
public struct AdminSessionState: Codable, Sendable, Equatable {
    /// Whether the request carried the cookie of a sign-in the mock still holds (false on a mock
    /// without an admin token, and for a Bearer-token caller).
    public var signedIn: Bool
}
