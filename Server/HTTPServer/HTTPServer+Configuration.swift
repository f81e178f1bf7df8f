import Foundation

extension HTTPServer {
    /// How a server listens and what it accepts.
    public struct Configuration: Sendable {
        /// The numeric address to bind: `127.0.0.1` (default), `0.0.0.0` for every IPv4
        /// interface, or an IPv6 literal such as `::1`. Host names are not resolved.
        public var host: String
        /// The TCP port; 0 asks the system for a free one (read it back from `HTTPServer.port`).
        public var port: Int
        /// How many responders run at once. Every connection has a thread of its own; it holds
        /// one of these slots only while the responder runs, not while a delayed or throttled
        /// answer waits or trickles out.
        public var maxConcurrentResponders: Int
        /// The largest request body accepted; a larger one is answered 413 and not stored.
        public var maxBodyBytes: Int
        /// Seconds a connection may go without progress (idle between requests, a request or
        /// answer stalled) before it is closed.
        public var connectionTimeoutSeconds: Int
        /// Builds the responses the server generates itself (413 and the like), so the app can
        /// give them its own error body. Only status, headers and body are used.
        public var errorResponse: @Sendable (_ status: Int, _ message: String) -> HTTPResponse
        /// Receives the server's own diagnostics: requests it could not read (400, 431, 501,
        /// 505) and connections refused over the limit.
        public var errorLog: @Sendable (_ message: String) -> Void

        /// A configuration; every parameter has a default suitable for a local mock.
        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            maxConcurrentResponders: Int = max(4, ProcessInfo.processInfo.activeProcessorCount),
            maxBodyBytes: Int = 1 << 20,
            connectionTimeoutSeconds: Int = 30,
            errorResponse: @escaping @Sendable (_ status: Int, _ message: String) -> HTTPResponse = { status, message in
                .text(message + "\n", status: status)
            },
            errorLog: @escaping @Sendable (_ message: String) -> Void = { message in
                FileHandle.standardError.write(Data("HTTPServer: \(message)\n".utf8))
            }
        ) {
            self.host = host
            self.port = port
            self.maxConcurrentResponders = maxConcurrentResponders
            self.maxBodyBytes = maxBodyBytes
            self.connectionTimeoutSeconds = connectionTimeoutSeconds
            self.errorResponse = errorResponse
            self.errorLog = errorLog
        }
    }
}
