import Clocks
import ExposureModels

/// One request as the journal keeps it: what came in, what went out, when and for whom.
public struct JournalEntry: Codable, Sendable, Equatable {
    /// Increases by one per recorded request, from 1; survives the oldest entries being dropped.
    public var id: Int
    /// When the request arrived, on the platform clock (JSON: `timestamp`, ISO-8601 ms).
    public var time: WallTime
    /// The method, e.g. `GET`.
    public var method: String
    /// The decoded path.
    public var path: String
    /// The raw query string, without `?` (empty when none).
    public var query: String
    /// The request headers worth seeing in a test (see `RequestJournal.recordedHeaders`).
    public var headers: [String: String]
    /// The request body's size, bytes.
    public var requestBytes: Int
    /// The status sent; nil when a fault dropped the connection without an answer.
    public var status: Int?
    /// The response body's size, bytes (before any fault cut it short).
    public var responseBytes: Int
    /// How long the client waited for the answer to start: handling plus any fault delay (JSON:
    /// `durationMs`, milliseconds with their fraction).
    public var duration: Duration
    /// The account of the Bearer token, when the token was valid.
    public var accountId: String?
    /// The fault rule applied, if any.
    public var faultId: String?
    /// How the answer went out: `immediate`, `delayed`, `truncated`, `throttled` or `dropped`.
    public var delivery: String
    /// The `X-Request-Id` the answer carried.
    public var requestId: String?

    /// An entry.
    public init(
        id: Int, time: WallTime, method: String, path: String, query: String, headers: [String: String],
        requestBytes: Int, status: Int?, responseBytes: Int, duration: Duration, accountId: String?,
        faultId: String?, delivery: String, requestId: String? = nil
    ) {
        self.id = id
        self.time = time
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.requestBytes = requestBytes
        self.status = status
        self.responseBytes = responseBytes
        self.duration = duration
        self.accountId = accountId
        self.faultId = faultId
        self.delivery = delivery
        self.requestId = requestId
    }

    /// About what the entry holds in memory, bytes (``HeapCost``): its slot, strings and headers.
    /// Request heads are bounded (8 KiB of target, 8 KiB of headers), so an entry is too.
    var heldBytes: Int {
        let strings = [method, path, query, delivery, accountId ?? "", faultId ?? "", requestId ?? ""]
        return strings.reduce(MemoryLayout<Self>.stride + HeapCost.strings(headers)) { $0 + HeapCost.string($1) }
    }

    private enum CodingKeys: String, CodingKey {
        case id, timestamp, method, path, query, headers, requestBytes, status, responseBytes, durationMs, accountId, faultId, delivery,
            requestId
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let stamp = try container.decode(String.self, forKey: .timestamp)
        guard let time = ISO8601.wallTime(from: stamp) else {
            throw DecodingError.dataCorruptedError(
                forKey: .timestamp, in: container, debugDescription: "Not an ISO-8601 date-time: \(stamp)")
        }
        self.time = time
        method = try container.decode(String.self, forKey: .method)
        path = try container.decode(String.self, forKey: .path)
        query = try container.decodeIfPresent(String.self, forKey: .query) ?? ""
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        requestBytes = try container.decodeIfPresent(Int.self, forKey: .requestBytes) ?? 0
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        responseBytes = try container.decodeIfPresent(Int.self, forKey: .responseBytes) ?? 0
        duration = .nearestNanosecond(milliseconds: try container.decodeIfPresent(Double.self, forKey: .durationMs) ?? 0)
        accountId = try container.decodeIfPresent(String.self, forKey: .accountId)
        faultId = try container.decodeIfPresent(String.self, forKey: .faultId)
        delivery = try container.decodeIfPresent(String.self, forKey: .delivery) ?? "immediate"
        requestId = try container.decodeIfPresent(String.self, forKey: .requestId)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(ISO8601.string(from: time), forKey: .timestamp)
        try container.encode(method, forKey: .method)
        try container.encode(path, forKey: .path)
        try container.encode(query, forKey: .query)
        try container.encode(headers, forKey: .headers)
        try container.encode(requestBytes, forKey: .requestBytes)
        try container.encodeIfPresent(status, forKey: .status)
        try container.encode(responseBytes, forKey: .responseBytes)
        try container.encode(duration.fractionalMilliseconds, forKey: .durationMs)
        try container.encodeIfPresent(accountId, forKey: .accountId)
        try container.encodeIfPresent(faultId, forKey: .faultId)
        try container.encode(delivery, forKey: .delivery)
        try container.encodeIfPresent(requestId, forKey: .requestId)
    }
}

/// Which journal entries to return; every condition set must hold.
public struct JournalFilter: Sendable, Equatable {
    /// Only paths starting with this.
    public var pathPrefix: String?
    /// Only requests that arrived at or after this platform time.
    public var since: WallTime?
    /// Only requests with a valid token of this account.
    public var accountId: String?
    /// Only this method.
    public var method: String?
    /// Only the most recent this many (after the other filters).
    public var limit: Int?

    /// A filter; no conditions matches everything.
    public init(pathPrefix: String? = nil, since: WallTime? = nil, accountId: String? = nil, method: String? = nil, limit: Int? = nil) {
        self.pathPrefix = pathPrefix
        self.since = since
        self.accountId = accountId
        self.method = method
        self.limit = limit
    }

    func matches(_ entry: JournalEntry) -> Bool {
        (pathPrefix.map { entry.path.hasPrefix($0) } ?? true)
            && (since.map { entry.time >= $0 } ?? true)
            && (accountId.map { entry.accountId == $0 } ?? true)
            && (method.map { entry.method == $0.uppercased() } ?? true)
    }
}
