import Foundation
import HTTPTypes

// The initializers as spelled when a request's and a response's headers were a dictionary.
// A dictionary literal needs none of them (``HTTPHeaders`` takes one in its written order);
// they take a dictionary value, sent ordered by name. Disfavoured, so a literal picks the
// ``HTTPHeaders`` form and no warning.

extension TransportRequest {
    /// A request whose headers are a dictionary.
    @_disfavoredOverload
    @available(*, deprecated, message: "headers are HTTPHeaders: wrap the dictionary in HTTPHeaders(_:)")
    public init(method: HTTPMethod, url: URL, headers: [String: String], body: Data? = nil) {
        self.init(method: method, url: url, headers: HTTPHeaders(headers), body: body)
    }
}

extension TransportResponse {
    /// A response whose headers are a dictionary.
    @_disfavoredOverload
    @available(*, deprecated, message: "headers are HTTPHeaders: wrap the dictionary in HTTPHeaders(_:)")
    public init(status: Int, headers: [String: String], body: Data = Data()) {
        self.init(status: status, headers: HTTPHeaders(headers), body: body)
    }
}

extension Endpoint {
    /// An endpoint whose further headers are a dictionary.
    @_disfavoredOverload
    @available(*, deprecated, message: "headers are HTTPHeaders: wrap the dictionary in HTTPHeaders(_:)")
    public init(
        _ method: HTTPMethod, _ version: Environment.APIVersion, path: [String], query: QueryItems = QueryItems(),
        sessionToken: SessionToken? = nil, body: (any Encodable & Sendable)? = nil, headers: [String: String]
    ) {
        self.init(
            method, version, path: path, query: query, sessionToken: sessionToken, body: body, headers: HTTPHeaders(headers))
    }
}
