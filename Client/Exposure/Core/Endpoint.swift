import Foundation

/// What one Exposure call asks for: method, versioned path, query, token and body.
///
/// A value, so tests and tools can inspect the exact request without sending it.
public struct Endpoint: Sendable {
    /// The HTTP method.
    public var method: HTTPMethod
    /// The API version the path lives under.
    public var version: Environment.APIVersion
    /// Path segments after `…/businessunit/{bu}`, unescaped (e.g. `["content", "asset", id]`).
    public var path: [String]
    /// Query parameters.
    public var query: QueryItems
    /// Sent as `Authorization: Bearer …` when present.
    public var sessionToken: SessionToken?
    /// Encoded with ``ExposureJSON`` and sent as `application/json` when present.
    public var body: (any Encodable & Sendable)?
    /// Further request headers, e.g. `X-Adobe-Primetime-MediaToken`.
    public var headers: HTTPHeaders

    /// An endpoint.
    public init(
        _ method: HTTPMethod, _ version: Environment.APIVersion, path: [String], query: QueryItems = QueryItems(),
        sessionToken: SessionToken? = nil, body: (any Encodable & Sendable)? = nil, headers: HTTPHeaders = [:]
    ) {
        self.method = method
        self.version = version
        self.path = path
        self.query = query
        self.sessionToken = sessionToken
        self.body = body
        self.headers = headers
    }

    /// The HTTP request for this endpoint in `environment`.
    public func transportRequest(in environment: Environment) throws(ExposureError) -> TransportRequest {
        let escapedPath = path.map(Self.escapePathSegment).joined(separator: "/")
        var address = environment.apiBase(version) + "/" + escapedPath
        if !query.isEmpty { address += "?" + query.encoded }
        guard let url = URL(string: address), url.scheme != nil, url.host != nil else {
            throw .invalidRequest(reason: "not a URL: \(address)")
        }
        var headers = self.headers
        headers.set("Accept", "application/json")
        if let sessionToken { headers.set("Authorization", "Bearer \(sessionToken.value)") }
        var data: Data?
        if let body {
            do {
                data = try ExposureJSON.encode(body)
            } catch {
                throw .invalidRequest(reason: "cannot encode the body: \(error)")
            }
            headers.set("Content-Type", "application/json")
        }
        return TransportRequest(method: method, url: url, headers: headers, body: data)
    }

    /// Escapes an id for a path segment. Keeps sub-delimiters such as `,` literal because
    /// Exposure reads `epg/{a,b}` as a list of channels.
    static func escapePathSegment(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: pathSegmentCharacters) ?? segment
    }

    /// RFC 3986 `pchar` (unreserved, sub-delimiters, `:` and `@`): ASCII only, and without `/`
    /// so an id cannot add a path level.
    private static let pathSegmentCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@")
}
