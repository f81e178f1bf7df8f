/// How `exposure-mock` writes its log lines (`--log-format`).
enum LogFormat: String, CaseIterable {
    /// `2026-01-01T12:00:00.000Z info GET /path 200 512B 1.2ms request=… account=… fault=…`
    case text
    /// One JSON object per line (keys in docs/logging.md).
    case json
}

/// How severe a log line is, and the least severe one written (`--log-level`).
enum LogLevel: String, CaseIterable, Comparable {
    /// The configuration in force at start-up, as well as everything below.
    case debug
    /// Start, stop, and every request answered below 400.
    case info
    /// Requests answered 4xx, and the HTTP server's own diagnostics.
    case warning
    /// Requests answered 5xx or dropped by a fault.
    case error
    /// Nothing at all (as a setting only).
    case quiet

    static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
