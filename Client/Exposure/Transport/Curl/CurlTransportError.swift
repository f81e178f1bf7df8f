#if canImport(CCurl)
import Foundation

/// Why ``CurlTransport`` got no response: what kind of failure, which server, and libcurl's own
/// words. The description is what `localizedDescription` (and so ``ExposureError``) shows.
///
/// A struct around a ``Code`` rather than an enum, so a new kind of failure is not a breaking
/// change for code that switches over them.
public struct CurlTransportError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The kind of failure.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The request cannot be sent: not an `http`/`https` URL, or a header that would break the
        /// message apart. Nothing went on the wire.
        public static let invalidRequest = Code("invalid request")
        /// The host name (or the proxy's) could not be resolved.
        public static let cannotResolve = Code("cannot resolve")
        /// No connection could be made, e.g. refused.
        public static let cannotConnect = Code("cannot connect")
        /// The whole exchange took longer than the transport's timeout.
        public static let timedOut = Code("timed out")
        /// The server closed or reset the connection before the response was complete.
        public static let connectionLost = Code("connection lost")
        /// What arrived is not a usable HTTP response.
        public static let malformedResponse = Code("malformed response")
        /// The server's certificate is not trusted: not signed by a certificate authority the
        /// transport trusts (pass the one that signed it as `caBundle`), expired, or for another name.
        public static let untrustedCertificate = Code("the server's certificate is not trusted")
        /// TLS could not be set up otherwise: handshake failed, no common cipher, a `caBundle`
        /// that cannot be read.
        public static let tls = Code("TLS failure")
        /// More redirects than the transport follows.
        public static let tooManyRedirects = Code("too many redirects")
        /// Anything else libcurl reports (out of memory, an option it does not support, …).
        public static let failed = Code("failed")

        public var description: String { name }
    }

    /// The kind of failure.
    public let code: Code
    /// Where the request was going, as `scheme://host:port`.
    public let server: String
    /// What went wrong, in libcurl's words when it was libcurl that said so.
    public let detail: String
    /// libcurl's `CURLcode`; nil when the request was refused before reaching libcurl.
    public let curlCode: Int?

    /// A failure of `code` for a request to `server`.
    public init(_ code: Code, server: String, detail: String, curlCode: Int? = nil) {
        self.code = code
        self.server = server
        self.detail = detail
        self.curlCode = curlCode
    }

    public var description: String {
        let number = curlCode.map { " (CURLcode \($0))" } ?? ""
        return "\(server): \(code): \(detail)\(number)"
    }

    public var errorDescription: String? { description }
}
#endif
