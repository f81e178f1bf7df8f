import Foundation

/// One HTTP request as the server received it, body complete.
public struct HTTPRequest: Sendable {
    /// The request method.
    public var method: HTTPMethod
    /// The decoded path, without the query (e.g. `/v1/customer/Sandbox/...`).
    public var path: String
    /// The query string as sent, without the leading `?` (empty when absent).
    public var rawQuery: String
    /// The request headers.
    public var headers: HTTPHeaders
    /// The request body (empty when none was sent).
    public var body: Data
    /// The peer address, e.g. `127.0.0.1`, when known.
    public var remoteAddress: String?
    /// `https` when the request came over TLS, else `http`: what absolute URLs in the answer use.
    public var scheme: String

    /// A request value; `rawQuery` is parsed lazily by `query`.
    public init(
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
    public var query: QueryParameters { QueryParameters(rawQuery: rawQuery) }
}
