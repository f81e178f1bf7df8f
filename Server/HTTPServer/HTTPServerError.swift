/// Why an `HTTPServer` could not start.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// The broad reason, for callers that react differently (e.g. try another port).
    package enum Kind: Sendable, Equatable {
        /// `host` is not a numeric IPv4 or IPv6 address.
        case invalidHost
        /// The listening socket could not be set up: port in use, no permission, bad address.
        case cannotListen
        /// `start()` was called on a server that is already running.
        case alreadyRunning
    }

    /// The broad reason.
    package var kind: Kind
    /// The host the server was configured with.
    package var host: String
    /// The port the server was configured with.
    package var port: Int
    /// What the system reported, when it said anything.
    package var detail: String

    /// An error value; `detail` carries the system's own words when available.
    package init(kind: Kind, host: String, port: Int, detail: String = "") {
        self.kind = kind
        self.host = host
        self.port = port
        self.detail = detail
    }

    /// A one-line explanation naming the address.
    package var description: String {
        let reason =
            switch kind {
            case .invalidHost: "not a numeric IP address"
            case .cannotListen: "cannot listen"
            case .alreadyRunning: "already running"
            }
        return "HTTP server on \(host):\(port): \(reason)" + (detail.isEmpty ? "" : " (\(detail))")
    }
}
