import Clocks

/// One answered request as the request log reports it (`MockPlatform.Configuration.requestLog`):
/// what came in, what went out, how long it took and whose it was.
public struct RequestLogEntry: Sendable, Equatable {
    /// When the request arrived, in real time (not the platform clock: a log is read beside
    /// other logs).
    public var time: WallTime
    /// The method, e.g. `GET`.
    public var method: String
    /// The decoded path.
    public var path: String
    /// The raw query string without `?`; empty when none.
    public var query: String
    /// The status sent; nil when a fault dropped the connection without an answer.
    public var status: Int?
    /// The response body's size, bytes (before any fault cut it short).
    public var bytes: Int
    /// How long the client waited for the answer to start: handling plus any fault delay.
    public var duration: Duration
    /// The `X-Request-Id` the answer carried.
    public var requestId: String?
    /// The account of the request's Bearer token, when the token was valid.
    public var accountId: String?
    /// The fault rule applied, if any.
    public var faultId: String?

    /// An entry.
    public init(
        time: WallTime, method: String, path: String, query: String, status: Int?, bytes: Int, duration: Duration,
        requestId: String?, accountId: String?, faultId: String?
    ) {
        self.time = time
        self.method = method
        self.path = path
        self.query = query
        self.status = status
        self.bytes = bytes
        self.duration = duration
        self.requestId = requestId
        self.accountId = accountId
        self.faultId = faultId
    }
}
