import Foundation

/// An ``HTTPTransport`` for plain `http://` URLs: HTTP/1.1 over POSIX sockets, keeping
/// connections open between requests. ``AutomaticTransport`` (the SDK's default) sends `http`
/// URLs here and everything else through ``URLSessionTransport``.
///
/// On Linux URLSession (libcurl under FoundationNetworking) costs about a millisecond of CPU per
/// request; this costs tens of microseconds, which is what lets a player run hours of virtual
/// time against a local mock in seconds.
///
/// - Each request takes an idle connection to its host and port, or opens one (`TCP_NODELAY`).
///   The connection goes back to the pool only when the response was read to its end and the
///   server did not say `Connection: close`, and is closed after 20 s unused. A request on a reused connection that the server
///   turns out to have closed before any byte of response arrived is sent once more, on a fresh
///   connection.
/// - Bodies are read by `Content-Length`, chunked coding or to the close; 1xx, 204 and 304 have
///   none. Response header names are kept as sent.
/// - The blocking socket calls run on dedicated threads, never on Swift's cooperative pool; up
///   to 64 requests at once, more wait their turn. Cancelling the calling task interrupts the
///   request (a connect in progress finishes first).
/// - Failures throw ``KeepAliveTransportError``. Proxies are not used (nor, like
///   ``URLSessionTransport``, proxy environment variables); there is no TLS, no cookie store and
///   no cache.
public final class KeepAliveHTTPTransport: HTTPTransport {
    /// A transport with a 30-second timeout, shared by everything not given one.
    public static let shared = KeepAliveHTTPTransport()

    private let timeout: TimeInterval
    private let idleConnections: IdleConnectionPool

    /// A transport whose requests fail after `timeout` seconds without progress — to connect, to
    /// send, or between two reads of the response (so a long download that keeps arriving never
    /// times out) — keeping up to `maximumIdleConnectionsPerServer` open connections per host
    /// and port between requests, each for at most `maximumIdleTime` (below usual server idle
    /// timeouts, e.g. the mock's 30 s, so a server seldom closes one just as it is reused).
    public init(timeout: TimeInterval = 30, maximumIdleConnectionsPerServer: Int = 6, maximumIdleTime: Duration = .seconds(20)) {
        self.timeout = max(timeout, 0.001)
        idleConnections = IdleConnectionPool(limitPerServer: maximumIdleConnectionsPerServer, maximumIdleTime: maximumIdleTime)
    }

    /// Sends the request on a pooled or new connection and reads the whole response.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let encoded = try HTTP1Request(request)
        let cancellation = RequestCancellation()
        return try await withTaskCancellationHandler {
            try await SocketThreads.shared.run { try self.exchange(encoded, cancellation) }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// How an exchange on one connection ended, when it did not throw.
    private enum Outcome {
        case response(TransportResponse)
        /// The server closed the connection before any byte of response: on a reused
        /// connection, it closed it while idle, without reading the request.
        case closedBeforeResponse(KeepAliveTransportError)
    }

    /// The whole exchange, blocking: on an idle connection if there is one, on a new one if not
    /// or if the idle one turns out closed.
    private func exchange(_ request: HTTP1Request, _ cancellation: RequestCancellation) throws -> TransportResponse {
        if let idle = idleConnections.take(for: request.address),
           case .response(let response) = try perform(request, on: idle, cancellation) {
            return response
        }
        switch try perform(request, on: SocketConnection.open(to: request.address, timeout: timeout), cancellation) {
        case .response(let response):
            return response
        case .closedBeforeResponse(let error):
            throw error
        }
    }

    /// Writes the request and reads the response, pooling the connection afterwards if it can
    /// carry another.
    private func perform(_ request: HTTP1Request, on connection: SocketConnection, _ cancellation: RequestCancellation) throws -> Outcome {
        try cancellation.attach(connection)
        var reader = ResponseReader(connection: connection)
        let outcome = Result {
            let sentAll = try request.bytes.withUnsafeBytes { try connection.write($0) }
            let (response, reusable) = try reader.read()
            return (response, reusable: reusable && sentAll)
        }
        let cancelled = cancellation.detach()
        switch outcome {
        case .success(let (response, reusable)):
            if reusable, !cancelled { idleConnections.put(connection) }
            return .response(response)
        case .failure(let error):
            if cancelled { throw CancellationError() }
            if !reader.receivedAnyByte, let failure = error as? KeepAliveTransportError, case .connectionClosed = failure {
                return .closedBeforeResponse(failure)
            }
            throw error
        }
    }
}
