import Clocks
import HTTPServer

extension PlatformContext {
    /// The account of the request's Bearer token when the token is valid at `now`; nil without one.
    func accountId(of request: HTTPRequest, at now: WallTime) -> String? {
        guard let token = BearerToken.token(in: request.headers["Authorization"]),
            let session = state.session(token: token), session.isValid(at: now)
        else { return nil }
        return session.accountId
    }
}
