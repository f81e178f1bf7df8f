import Foundation
import HTTPServer
import Synchronization

/// The dashboard's sign-ins on a mock started with `--admin-token`: a browser's `EventSource`
/// cannot send `Authorization`, so `POST /_mock/session` exchanges the token for a random session
/// id in an HttpOnly, SameSite=Strict cookie scoped to `/_mock`, which the admin API accepts as
/// well as the Bearer token.
///
/// Sessions live in this process only (a restarted mock refuses every cookie it issued before)
/// and each holds the token it was opened with (a session opened under another token is
/// refused). At most ``capacity`` are kept; the oldest goes first.
package final class AdminSessions: Sendable {
    /// The most sessions kept at once.
    static let capacity = 256
    /// The cookie's name: this prefix and the port the browser addressed, so mocks on two ports
    /// of one host (cookies do not tell ports apart) keep their own sign-ins.
    static let cookiePrefix = "exposure-mock-admin"

    private struct Opened {
        /// Session id → the admin token it was opened with.
        var tokens: [String: String] = [:]
        /// Ids, oldest first.
        var order: [String] = []
    }

    private let opened = Mutex(Opened())

    package init() {}

    /// A new session for `token`, dropping the oldest one when ``capacity`` are open.
    func open(for token: String) -> String {
        let id = RandomToken.make(bytes: 32)
        opened.withLock { opened in
            if opened.order.count >= Self.capacity { opened.tokens[opened.order.removeFirst()] = nil }
            opened.tokens[id] = token
            opened.order.append(id)
        }
        return id
    }

    /// Whether one of `ids` is a session opened with `token`.
    func admits(_ ids: [String], token: String) -> Bool {
        opened.withLock { opened in
            ids.contains { id in opened.tokens[id].map { AdminAccess.constantTimeEquals($0, token) } ?? false }
        }
    }

    /// Ends the sessions among `ids`.
    func close(_ ids: [String]) {
        opened.withLock { opened in
            for id in ids where opened.tokens.removeValue(forKey: id) != nil {
                opened.order.removeAll { $0 == id }
            }
        }
    }

    /// The session ids in a request's `Cookie` header: the values of every cookie named
    /// ``cookiePrefix`` or ``cookiePrefix``-port.
    static func ids(in request: HTTPRequest) -> [String] {
        guard let header = request.headers["Cookie"] else { return [] }
        return header.split(separator: ";").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, parts[0] == cookiePrefix || parts[0].hasPrefix(cookiePrefix + "-") else { return nil }
            return parts[1]
        }
    }

    /// The `Set-Cookie` value carrying `id` (nil: one that removes the cookie) in answer to
    /// `request`: named by the port its `Host` names, `Secure` when it came over HTTPS.
    static func cookie(_ id: String?, for request: HTTPRequest) -> String {
        let port = request.headers["Host"].flatMap { $0.split(separator: ":").last.flatMap { Int($0) } }
        let name = port.map { "\(cookiePrefix)-\($0)" } ?? cookiePrefix
        let secure = request.scheme == "https" ? "; Secure" : ""
        let lifetime = id == nil ? "; Max-Age=0" : ""
        return "\(name)=\(id ?? ""); Path=\(ControlPlaneResponder.prefix); HttpOnly; SameSite=Strict\(secure)\(lifetime)"
    }
}
