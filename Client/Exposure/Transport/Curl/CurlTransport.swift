#if canImport(CCurl)
import Foundation

/// The SDK's ``HTTPTransport`` on Linux (``AutomaticTransport`` there): HTTP and HTTPS over
/// libcurl.
///
/// - Connections stay open between requests (one idle for longer than the transport's `maximumIdleSeconds`
///   is closed rather than reused); libcurl replaces a kept-alive connection the server closed
///   meanwhile, resending a request that got no answer on it. Each transport has connections of
///   its own, like a `URLSession`: share ``shared`` (or one instance) to share them.
/// - A transport's transfers all run on one thread of its own (``CurlLoop``) through libcurl's
///   multi interface: no request blocks a thread of Swift's cooperative pool, and cancelling the
///   calling task takes the transfer off at once (it throws `CancellationError`). Releasing the
///   transport ends the thread and closes its connections.
/// - HTTPS verifies the server against the system's CA certificates, or those of the transport's
///   `caBundle` (such as the development CA `exposure-mock --tls` prints); a server it does not
///   trust fails with ``CurlTransportError/Code/untrustedCertificate``. HTTP/2 where a TLS server
///   offers it, HTTP/1.1 otherwise.
/// - Redirects are followed (up to ``maximumRedirects``, `http` and `https` only); bodies come
///   by `Content-Length`, chunked or to the close; 1xx, 204, 304 and HEAD answers have none.
///   Response header names are kept as sent, repeated fields joined with `, `.
/// - Proxies come from the environment as curl reads them (`http_proxy`, `https_proxy`,
///   `all_proxy`, `no_proxy`), except that loopback hosts are never proxied.
/// - Failures throw ``CurlTransportError``. No cookie store, no cache, no content decoding.
public final class CurlTransport: HTTPTransport {
    /// A transport with a 30-second timeout, shared by everything not given one.
    public static let shared = CurlTransport()

    /// Redirects followed before failing with ``CurlTransportError/Code/tooManyRedirects``.
    public static let maximumRedirects = 10
    /// The default of how long a kept-alive connection may sit unused before it is closed rather
    /// than reused: below usual server idle timeouts (the mock's is 30 s), so a server seldom closes
    /// one just as it is reused.
    public static let defaultMaximumIdleSeconds = 20
    /// libcurl's receive buffer per handle: a media segment (40–100 KB) in one or two reads
    /// rather than the default 16 KB's six or more, each a system call and a callback.
    static let receiveBufferBytes = 128 << 10
    /// Connections kept open across all servers.
    static let maximumIdleConnections = 64

    /// What each of a transport's transfers is set up with.
    struct Settings: Sendable, Hashable {
        let timeoutMilliseconds: Int
        let maximumIdleSeconds: Int
        let proxy: CurlProxySettings
        /// The PEM file of the certificate authorities HTTPS trusts; nil for the system's.
        let caBundle: String?
    }

    private let loop: CurlLoop

    /// A transport whose requests fail after `timeout` seconds for the whole exchange — connect,
    /// send, and the response to its last byte — like ``URLSessionTransport``'s; fractions of a
    /// second work. A connection unused for `maximumIdleSeconds` is not reused. HTTPS servers are
    /// verified against the certificate authorities in the PEM file `caBundle` (libcurl's
    /// `CURLOPT_CAINFO`) when given, e.g. the mock's development CA:
    ///
    /// ```swift
    /// let transport = CurlTransport(caBundle: URL(fileURLWithPath: "/home/me/.local/share/exposure-mock/tls/ca.pem"))
    /// ```
    ///
    /// A `caBundle` that cannot be read fails each HTTPS request with
    /// ``CurlTransportError/Code/tls``. Proxies are read from `environment`.
    public init(
        timeout: TimeInterval = 30, maximumIdleSeconds: Int = CurlTransport.defaultMaximumIdleSeconds, caBundle: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        let milliseconds = (timeout * 1000).rounded(.up)
        loop = CurlLoop(
            settings: Settings(
                timeoutMilliseconds: milliseconds.isFinite ? Int(max(1, min(milliseconds, Double(Int32.max)))) : Int(Int32.max),
                maximumIdleSeconds: max(1, maximumIdleSeconds), proxy: CurlProxySettings(environment: environment),
                caBundle: caBundle?.path))
    }

    /// Sends the request and reads the whole response.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let transfer = CurlTransfer(request: try CurlRequest(request))
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                transfer.continuation = continuation
                loop.submit(transfer)
            }
        } onCancel: {
            loop.cancel(transfer)
        }
    }

    deinit { loop.stop() }
}
#endif
