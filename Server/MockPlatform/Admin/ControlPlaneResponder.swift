import ExposureModels
import Foundation
import HTTPServer

/// Sends `/_mock/…` and `/` (the dashboard's start page) to the admin API (behind its access
/// rule, ``AdminAccess/admission(of:sessions:)``) and everything else to the platform, so faults
/// and the journal never see the control plane's own traffic. `admin` answers CORS itself; a
/// preflight passes the token check (browsers send it without credentials), and a 401 is
/// readable cross-origin. An open admin API refuses requests from pages of other origins (403
/// `FORBIDDEN_ORIGIN`): browsers send `Origin` on every cross-origin request, so a web page cannot
/// drive it.
struct ControlPlaneResponder: HTTPResponder {
    static let prefix = "/_mock"

    let access: AdminAccess
    let sessions: AdminSessions
    let admin: any HTTPResponder
    let platform: any HTTPResponder

    func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path
        guard
            path == "/"
                || path.hasPrefix(Self.prefix) && (path.count == Self.prefix.count || path.dropFirst(Self.prefix.count).first == "/")
        else {
            return platform.respond(to: request)
        }
        switch access.admission(of: request, sessions: sessions) {
        case .admitted:
            return admin.respond(to: request)
        case .absent:
            return Responses.error(ExposureErrorMessage(httpCode: 404, message: "NOT_FOUND", extendedMessage: "No endpoint at \(path)."))
        case .forbidden(let reason):
            return Responses.error(ExposureErrorMessage(httpCode: 403, message: "FORBIDDEN_ORIGIN", extendedMessage: reason))
        case .needsToken:
            return CORSResponder.withOrigin(Self.needsToken(), request)
        }
    }

    /// 401 `NO_ADMIN_TOKEN` with `WWW-Authenticate: Bearer`.
    static func needsToken(_ reason: String = "The admin API needs Authorization: Bearer <admin token>, or a dashboard signed in with it.")
        -> HTTPResponse
    {
        var response = Responses.error(ExposureErrorMessage(httpCode: 401, message: "NO_ADMIN_TOKEN", extendedMessage: reason))
        response.headers.set("WWW-Authenticate", "Bearer")
        return response
    }
}
