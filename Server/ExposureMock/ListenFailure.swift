import HTTPServer

/// What `exposure-mock` says when it cannot listen: the address it tried, why, and what to do.
enum ListenFailure {
    /// The one-line message for `error`.
    static func message(_ error: HTTPServerError) -> String {
        switch error.kind {
        case .invalidHost:
            return "--host (EXPOSURE_MOCK_HOST) takes a numeric IP address such as 127.0.0.1, ::1 or 0.0.0.0, not \(error.host)"
        // libmicrohttpd's own words name the port it passed to bind(), 0 whichever port it was
        // given, so only the system's reason is looked at and the port named is ours.
        case .cannotListen where error.detail.contains("in use"):
            return "port \(error.port) on \(error.host) is already in use; stop what holds it, choose another with --port N, "
                + "or pass --port 0 for a free one"
        default:
            return "cannot listen on \(error.host):\(error.port) (\(error.detail)); choose another address with --host and --port, "
                + "or pass --port 0 for a free port"
        }
    }

    /// Whether the failure is a bad setting (exit 2) rather than the system refusing (exit 69).
    static func isUsageError(_ error: HTTPServerError) -> Bool { error.kind == .invalidHost }
}
