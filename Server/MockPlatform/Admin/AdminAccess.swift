import ExposureModels
import Foundation
import HTTPServer

/// Who may use `/_mock/`: anyone on a loopback-only mock, only Bearer-token holders when a token
/// is set, nobody on a mock reachable from the network without one (it could rewrite its clock).
package enum AdminAccess: Sendable, Equatable {
    /// Open: the mock listens on loopback only and no token was set.
    case open
    /// Every admin request needs `Authorization: Bearer <token>` (401 otherwise).
    case token(String)
    /// The admin API does not exist (404).
    case disabled

    /// The access for a mock bound to `host` with an optional admin token.
    package static func forBinding(host: String, token: String?) -> AdminAccess {
        if let token, !token.isEmpty { return .token(token) }
        return isLoopback(host) ? .open : .disabled
    }

    /// Whether `host` names this machine: `localhost`, `::1`, or an IPv4 address in 127.0.0.0/8
    /// written as a dotted quad (a name merely starting with `127.` is not one).
    static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.allSatisfy { $0.count <= 3 && UInt8($0) != nil } && octets[0] == "127"
    }

    /// Whether a `Host` header (`127.0.0.1:8080`, `[::1]:8080`, `localhost`) names this machine.
    static func isLoopbackHostHeader(_ value: String) -> Bool {
        if value.hasPrefix("[") { return value.hasPrefix("[::1]") }
        return isLoopback(String(value.split(separator: ":", maxSplits: 1).first ?? ""))
    }

    /// Whether a browser's `Origin` is a page served from this machine (`http://localhost:5173`,
    /// `http://127.0.0.1:8080`, `http://[::1]:3000`): the only pages an open admin API answers.
    static func isLoopbackOrigin(_ origin: String) -> Bool {
        guard let components = URLComponents(string: origin), let host = components.host,
            components.scheme == "http" || components.scheme == "https"
        else { return false }
        return isLoopback(host)
    }
}

/// Sends `/_mock/…` and `/` (the dashboard's start page) to the admin API (behind its access
/// check) and everything else to the platform, so faults and the journal never see the control
/// plane's own traffic. `admin`
/// answers CORS itself; a preflight passes the token check (browsers send it without
/// credentials), and a 401 is readable cross-origin. An open admin API refuses requests from
/// pages of other origins (403 `FORBIDDEN_ORIGIN`): browsers send `Origin` on every
/// cross-origin request, so a web page cannot drive it.
struct ControlPlaneResponder: HTTPResponder {
    static let prefix = "/_mock"

    let access: AdminAccess
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
        switch access {
        case .open:
            // A page from anywhere else in the developer's browser could otherwise reset, move the
            // clock or read the journal: even a request it may send without a preflight is refused.
            // A Host other than this machine is a page whose name was rebound to 127.0.0.1.
            if let origin = request.headers["Origin"], !AdminAccess.isLoopbackOrigin(origin) {
                return Self.forbidden("pages from loopback origins only, not \(origin)")
            }
            if let host = request.headers["Host"], !AdminAccess.isLoopbackHostHeader(host) {
                return Self.forbidden("requests addressed to this machine only, not to \(host)")
            }
            return admin.respond(to: request)
        case .disabled:
            return Responses.error(ExposureErrorMessage(httpCode: 404, message: "NOT_FOUND", extendedMessage: "No endpoint at \(path)."))
        case .token(let token):
            guard CORSResponder.isPreflight(request) || Self.constantTimeEquals(request.headers["Authorization"] ?? "", "Bearer " + token)
            else {
                var response = Responses.error(
                    ExposureErrorMessage(
                        httpCode: 401, message: "NO_ADMIN_TOKEN",
                        extendedMessage: "The admin API needs Authorization: Bearer <admin token>."))
                response.headers.set("WWW-Authenticate", "Bearer")
                return CORSResponder.withOrigin(response, request)
            }
            return admin.respond(to: request)
        }
    }

    private static func forbidden(_ rule: String) -> HTTPResponse {
        Responses.error(
            ExposureErrorMessage(
                httpCode: 403, message: "FORBIDDEN_ORIGIN",
                extendedMessage: "The open admin API answers \(rule); start the mock with --admin-token to use it from elsewhere."))
    }

    /// Compares without an early exit, so response timing does not reveal how much of a guess was right.
    private static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
