import Foundation
import HTTPTypes

/// One HTTP request, as plain values, ready for any transport.
public struct TransportRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The full URL, query string included.
    public var url: URL
    /// Header fields, in order; names as written here.
    public var headers: HTTPHeaders
    /// The body, if any.
    public var body: Data?

    /// A request.
    public init(method: HTTPMethod, url: URL, headers: HTTPHeaders = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// The value of a header, matching its name case-insensitively.
    public func header(named name: String) -> String? {
        headers[name]
    }
}

/// One HTTP response, as plain values.
public struct TransportResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, in the order they came.
    public var headers: HTTPHeaders
    /// The body; empty when there was none.
    public var body: Data

    /// A response.
    public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The value of a header, matching its name case-insensitively.
    public func header(named name: String) -> String? {
        headers[name]
    }
}

/// Carries requests to a server and brings back responses.
///
/// Every Exposure call goes through one, so tests swap in a recording double and apps can add
/// logging, retries or certificate pinning without touching the endpoints. Throw only for
/// failures to exchange bytes (timeouts, lost connections); a non-2xx status is a response.
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns the server's response, whatever its status.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
