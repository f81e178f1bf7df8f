import Foundation

/// One HTTP request as the server received it, body complete.
package struct HTTPRequest: Sendable {
    /// The request method.
    package var method: HTTPMethod
    /// The decoded path, without the query (e.g. `/v1/customer/Sandbox/...`).
    package var path: String
    /// The query string as sent, without the leading `?` (empty when absent).
    package var rawQuery: String
    /// The request headers.
    package var headers: HTTPHeaders
    /// The request body (empty when none was sent).
    package var body: Data
    /// The peer address, e.g. `127.0.0.1`, when known.
    package var remoteAddress: String?
    /// `https` when the request came over TLS, else `http`: what absolute URLs in the answer use.
    package var scheme: String

    /// A request value; `rawQuery` is parsed lazily by `query`.
    package init(
        method: HTTPMethod, path: String, rawQuery: String = "",
        headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), remoteAddress: String? = nil, scheme: String = "http"
    ) {
        self.method = method
        self.path = path
        self.rawQuery = rawQuery
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
        self.scheme = scheme
    }

    /// The query parameters in order, percent-decoded (`+` read as a space).
    package var query: QueryParameters { QueryParameters(rawQuery: rawQuery) }
}
