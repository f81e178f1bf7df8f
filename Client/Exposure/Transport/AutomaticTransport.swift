import Foundation

/// The SDK's default ``HTTPTransport``: plain `http` URLs go over ``KeepAliveHTTPTransport``
/// (fast, kept-alive connections), everything else — `https` above all — over
/// ``URLSessionTransport``.
public struct AutomaticTransport: HTTPTransport {
    /// Over the shared keep-alive and URLSession transports (30-second timeouts): the default
    /// of every endpoint and of `PlayerDependencies`.
    public static let shared = AutomaticTransport()

    private let plain: any HTTPTransport
    private let other: any HTTPTransport

    /// Routes `http` to `plain` and every other scheme to `other`.
    public init(plain: any HTTPTransport = KeepAliveHTTPTransport.shared, other: any HTTPTransport = URLSessionTransport.shared) {
        self.plain = plain
        self.other = other
    }

    /// Sends through the transport for the URL's scheme.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        if request.url.scheme?.lowercased() == "http" {
            return try await plain.send(request)
        }
        return try await other.send(request)
    }
}
