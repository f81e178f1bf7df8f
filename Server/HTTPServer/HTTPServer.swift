import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd that hands every request to one responder.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), responder: router)
/// try server.start()
/// print(server.port)   // the port the kernel chose
/// server.stop()
/// ```
package final class HTTPServer: Sendable {
    /// How the server listens and what it accepts.
    package let configuration: Configuration
    private let responder: any HTTPResponder
    private let lifecycle = Mutex<(daemon: MicroHTTPDDaemon?, lastPort: Int?)>((nil, nil))
    /// Held through a whole `stop()` (and `start()`), so a call racing a stop returns only once
    /// that stop is done. A bare lock, for it guards no value (a lock over an empty value once
    /// made ThreadSanitizer report a race where nothing was written).
    private let stopping = NSLock()
    /// Requests received whose per-request state is still alive (tests check it returns to 0).
    package let openRequests = OpenRequestCount()

    /// A stopped server; nothing is bound until `start()`.
    package init(configuration: Configuration = Configuration(), responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    deinit { stop() }

    /// Binds the configured address and starts answering on libmicrohttpd's threads; waits for
    /// a `stop()` in progress to finish first.
    /// - Throws: `HTTPServerError` when the host is not a numeric address, the port cannot be
    ///   bound (e.g. in use), or the server is already running.
    package func start() throws(HTTPServerError) {
        stopping.lock()
        defer { stopping.unlock() }
        try lifecycle.withLock { (state) throws(HTTPServerError) in
            guard state.daemon == nil else {
                throw HTTPServerError(kind: .alreadyRunning, host: configuration.host, port: configuration.port)
            }
            let core = ServerCore(configuration: configuration, responder: responder, openRequests: openRequests)
            let daemon = try MicroHTTPDDaemon.start(configuration, core: core)
            state = (daemon, daemon.port)
        }
    }

    /// The port the server listens on (the kernel's choice when configured with 0); after
    /// `stop()`, the port it last listened on; before any `start()`, the configured port.
    package var port: Int {
        lifecycle.withLock { $0.lastPort } ?? configuration.port
    }

    /// Whether the server is listening.
    package var isRunning: Bool { lifecycle.withLock { $0.daemon != nil } }

    /// Connections set aside by a delay or throttle right now, waiting on the server's clock.
    package var parkedConnections: Int { lifecycle.withLock { $0.daemon?.core.parker.count ?? 0 } }

    /// Connections waiting for a request head right now (for tests).
    package var awaitingHeads: Int { lifecycle.withLock { $0.daemon?.core.heads.awaitingCount ?? 0 } }

    /// Connections open right now (for tests).
    package var openConnections: Int { lifecycle.withLock { $0.daemon?.connectionCount ?? 0 } }

    /// Stops listening, answers parked (delayed or throttled) connections early, waits for
    /// running handlers and closes every connection. Safe from any thread (but a handler's own)
    /// and idempotent: a call that races another returns once the server is fully stopped.
    package func stop() {
        stopping.lock()
        defer { stopping.unlock() }
        // Taken out first and stopped outside the lifecycle lock: handlers still running may
        // read `port` or `isRunning`, and stopping waits for them.
        let daemon = lifecycle.withLock { state in
            defer { state.daemon = nil }
            return state.daemon
        }
        daemon?.stop()
    }
}
