import Clocks
import HTTPServer

extension PlatformContext {
    /// The account of the request's Bearer token when the token is valid at `nowMs`; nil without one.
    func accountId(of request: HTTPRequest, atMs nowMs: Int64) -> String? {
        guard let token = BearerToken.token(in: request.headers["Authorization"]),
            let session = state.session(token: token), session.isValid(at: WallTime(millisecondsSince1970: nowMs))
        else { return nil }
        return session.accountId
    }
}
