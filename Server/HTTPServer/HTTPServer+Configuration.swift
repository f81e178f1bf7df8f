import Clocks
import Foundation

extension HTTPServer {
    /// How a server listens and what it accepts.
    package struct Configuration: Sendable {
        /// The numeric address to bind: `127.0.0.1` (default), `0.0.0.0` for every IPv4
        /// interface, or an IPv6 literal such as `::1`. Host names are not resolved.
        package var host: String
        /// The TCP port; 0 asks the system for a free one (read it back from `HTTPServer.port`).
        package var port: Int
        /// Serve HTTPS with this certificate and key (TLS by libmicrohttpd over GnuTLS); nil
        /// serves plain HTTP. Requests say which they came over (`HTTPRequest.scheme`).
        package var tls: TLSIdentity?
        /// Threads in libmicrohttpd's pool. Each polls its share of the connections (epoll on
        /// Linux) and runs their responders; delayed and throttled answers hold none of them.
        package var workerThreads: Int
        /// Most connections served at once; more are closed as they arrive. Starting the server
        /// raises the process's soft open-file limit (within the hard one) to fit them.
        package var maxConnections: Int
        /// The largest request body accepted; a larger one is answered 413 and not stored.
        package var maxBodyBytes: Int
        /// Seconds a connection may go without traffic (idle between requests, a request head
        /// or body stalled) before it is closed. libmicrohttpd counts whole seconds.
        package var connectionTimeoutSeconds: Int
        /// How long a request head may take to arrive in full, from the connection being
        /// accepted or its previous answer done, however steadily its bytes trickle in; then
        /// the connection is closed. Measured on `clock`.
        package var requestHeadTimeout: Duration
        /// The clock fault delays and throttled bodies wait on; tests pass one they move.
        package var clock: any WakingClock
        /// Builds the responses the server generates itself (413 and the like), so the app can
        /// give them its own error body. Only status, headers and body are used.
        package var errorResponse: @Sendable (_ status: Int, _ message: String) -> HTTPResponse
        /// Receives libmicrohttpd's diagnostics: requests it could not read, connections it
        /// refused, why it could not start.
        package var errorLog: @Sendable (_ message: String) -> Void

        /// A configuration; every parameter has a default suitable for a local mock.
        package init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            tls: TLSIdentity? = nil,
            workerThreads: Int = ProcessInfo.processInfo.activeProcessorCount,
            maxConnections: Int = 16_384,
            maxBodyBytes: Int = 1 << 20,
            connectionTimeoutSeconds: Int = 30,
            requestHeadTimeout: Duration = .seconds(30),
            clock: any WakingClock = .system,
            errorResponse: @escaping @Sendable (_ status: Int, _ message: String) -> HTTPResponse = { status, message in
                .text(message + "\n", status: status)
            },
            errorLog: @escaping @Sendable (_ message: String) -> Void = { message in
                FileHandle.standardError.write(Data("HTTPServer: \(message)\n".utf8))
            }
        ) {
            self.host = host
            self.port = port
            self.tls = tls
            self.workerThreads = workerThreads
            self.maxConnections = maxConnections
            self.maxBodyBytes = maxBodyBytes
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.requestHeadTimeout = requestHeadTimeout
            self.clock = clock
            self.errorResponse = errorResponse
            self.errorLog = errorLog
        }

        /// `https` when serving TLS, else `http`.
        package var scheme: String { tls == nil ? "http" : "https" }
    }
}
