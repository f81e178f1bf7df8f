import ExposureModels
import Foundation
import HTTPServer

/// Who may use `/_mock/`: anyone on a loopback-only mock, only token holders when a token is set
/// (the Bearer token, or the session cookie a browser signed in for), nobody on a mock reachable
/// from the network without one (it could rewrite its clock).
package enum AdminAccess: Sendable, Equatable {
    /// Open: the mock listens on loopback only and no token was set.
    case open
    /// Every admin request needs `Authorization: Bearer <token>` or a session cookie opened with
    /// it (401 otherwise); the dashboard's files and its sign-in are public.
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

/// What the control plane does with a request under its access rule
/// (``AdminAccess/admission(of:sessions:)``).
package enum AdminAdmission: Sendable, Equatable {
    /// The admin API answers it.
    case admitted
    /// 401 `NO_ADMIN_TOKEN`: it needs the token or a session cookie.
    case needsToken
    /// 403 `FORBIDDEN_ORIGIN`, saying why.
    case forbidden(String)
    /// 404: the admin API does not exist.
    case absent
}

extension AdminAccess {
    /// Whether the admin API answers `request` (a `/_mock/…` path or `/`), given the sign-ins in
    /// `sessions`.
    package func admission(of request: HTTPRequest, sessions: AdminSessions) -> AdminAdmission {
        switch self {
        case .disabled:
            return .absent
        case .open:
            // A page from anywhere else in the developer's browser could otherwise reset, move the
            // clock or read the journal: even a request it may send without a preflight is refused.
            // A Host other than this machine is a page whose name was rebound to 127.0.0.1.
            if let origin = request.headers["Origin"], !Self.isLoopbackOrigin(origin) {
                return .forbidden(Self.openRule("pages from loopback origins only, not \(origin)"))
            }
            if let host = request.headers["Host"], !Self.isLoopbackHostHeader(host) {
                return .forbidden(Self.openRule("requests addressed to this machine only, not to \(host)"))
            }
            return .admitted
        case .token(let token):
            // Browsers send a preflight without credentials; the dashboard's files hold no data
            // and include its sign-in page.
            if CORSResponder.isPreflight(request) || Self.isPublic(request) { return .admitted }
            if Self.constantTimeEquals(request.headers["Authorization"] ?? "", "Bearer " + token) { return .admitted }
            guard sessions.admits(AdminSessions.ids(in: request), token: token) else { return .needsToken }
            // The browser attaches the cookie to whatever a page of the same site sends here — a page
            // on another port of this host too — so a signed-in request must come from the dashboard's
            // own origin: browsers send `Origin` on every request but a same-origin GET or HEAD, and
            // `Sec-Fetch-Site` on every request, an embedded `<script src>` or `<img>` included.
            let origin = request.headers["Origin"]
            let site = request.headers["Sec-Fetch-Site"]
            if let origin, !Self.isSameOrigin(origin, host: request.headers["Host"]) {
                return .forbidden(Self.signedInRule("not from \(origin)"))
            }
            if let site, site != "same-origin", site != "none" {
                return .forbidden(Self.signedInRule("not from a \(site) page"))
            }
            return .admitted
        }
    }

    /// Requests anyone may send to a mock with a token: the dashboard's files and signing in.
    static func isPublic(_ request: HTTPRequest) -> Bool {
        let path = request.path
        switch request.method {
        case .get, .head:
            return path == "/" || path == "/_mock/ui" || path.hasPrefix("/_mock/ui/")
        case .post:
            return path == AdminAPI.sessionPath
        default:
            return false
        }
    }

    /// Whether `origin` (`http://host:port`) is the origin the request was addressed to (its `Host`).
    static func isSameOrigin(_ origin: String, host: String?) -> Bool {
        guard let host, let separator = origin.range(of: "://") else { return false }
        return origin[separator.upperBound...].lowercased() == host.lowercased()
    }

    private static func signedInRule(_ refusal: String) -> String {
        "A signed-in browser may use the admin API from the dashboard's own pages only, \(refusal); "
            + "send Authorization: Bearer <admin token> instead."
    }

    private static func openRule(_ rule: String) -> String {
        "The open admin API answers \(rule); start the mock with --admin-token to use it from elsewhere."
    }

    /// Compares without an early exit, so response timing does not reveal how much of a guess was right.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }
}
