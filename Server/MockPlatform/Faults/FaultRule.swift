import Clocks

/// How the platform should misbehave for matching requests: the body of `POST /_mock/faults`.
///
/// A rule matches on method (any when nil), a regular expression searched in the path (anchor
/// it with `^…$` to match whole paths), and optionally query parameters, headers and a
/// ``StreamTarget`` (a stream rule: an asset's segment, rendition or playlist; `path` may then
/// be left out). It acts by
/// answering `status` with an error body instead of the real answer, and/or by delivering the
/// answer late (`delayMs`, ``delay``), not at all (`drop`), cut short (`truncateAfterBytes`) or slowly
/// (`bytesPerSecond`), and changes what it sends: corrupted bytes (`corrupt`), another
/// `contentType`, a changed media playlist (`playlist`). It lets the first `after` matching requests through untouched, then applies
/// `times` times, or until removed when `times` is nil. Of several matching rules the one with
/// the lowest `priority` applies (the newest among equals); one with a `probability` applies to
/// only that share of its matching requests.
public struct FaultRule: Codable, Sendable, Equatable {
    /// The priority of a rule that gives none (WireMock's default too).
    public static let defaultPriority = 5

    /// Given by the platform when the rule is added.
    public var id: String?
    /// A label for people reading `GET /_mock/faults`; matching ignores it.
    public var name: String?
    /// Lower is tried first (0 is the highest); ``defaultPriority`` when nil.
    public var priority: Int?
    /// The share of matching requests it applies to, 0…1 (drawn from the fault seed); nil: all.
    public var probability: Double?
    /// The method to match, e.g. `GET`; nil matches any.
    public var method: String?
    /// A regular expression (NSRegularExpression syntax) searched in the request path, at most
    /// ``maximumPathLength`` UTF-16 code units; nil (stream rules only): any path.
    public var path: String?
    /// Query parameters that must be present with exactly these values (`*`: any value).
    public var query: [String: String]?
    /// Headers that must be present with exactly these values (`*`: any value); names are case-insensitive.
    public var headers: [String: String]?
    /// Answer this status instead of the real answer (the request never reaches the platform).
    public var status: Int?
    /// The error body's `message` with `status`; defaults to the usual one for the status.
    public var message: String?
    /// A raw body to send with `status` instead of an Exposure error body.
    public var body: String?
    /// Wait this long before answering (`delayMs` on the wire: whole milliseconds).
    public var delay: Duration? {
        get { wireDelay?.duration }
        set { wireDelay = newValue.map(WireMilliseconds.init) }
    }
    /// ``delay`` as the wire carries it (`delayMs`: the name of the Swift property that held
    /// whole milliseconds before, kept as a deprecated spelling, so the stored one is named apart).
    private var wireDelay: WireMilliseconds?
    /// Close the connection without answering (the request never reaches the platform).
    public var drop: Bool?
    /// Send status, headers and only this many body bytes, then reset the connection.
    public var truncateAfterBytes: Int?
    /// Send the body at this rate.
    public var bytesPerSecond: Int?
    /// Flip the first byte of every 188-byte packet of the answer's body (a TS segment's sync bytes).
    public var corrupt: Bool?
    /// Send the answer with this `Content-Type` instead of its own.
    public var contentType: String?
    /// The stream, rendition and segment the rule strikes; nil: the rule matches on the path alone.
    public var stream: StreamTarget?
    /// How the rule changes the media playlists it strikes (stream rules only).
    public var playlist: PlaylistFault?
    /// Deliver matching answers as a network of these conditions over time would.
    public var network: NetworkSchedule?
    /// Let this many matching requests through untouched before applying ("the 500th segment
    /// hangs"); nil: apply from the first.
    public var after: Int?
    /// Apply this many times, then remove the rule; nil: until removed.
    public var times: Int?
    /// In answers only: how many more times it applies (nil: until removed).
    public var remaining: Int?
    /// In answers only: how many requests it has applied to.
    public var hits: Int?

    /// The wire's names: the properties' own, but ``delay``'s `delayMs`.
    private enum CodingKeys: String, CodingKey {
        case id, name, priority, probability, method, path, query, headers, status, message, body
        case wireDelay = "delayMs"
        case drop, truncateAfterBytes, bytesPerSecond, corrupt, contentType, stream, playlist, network, after, times, remaining, hits
    }

    /// A rule matching `path`; set at least one action.
    public init(
        method: String? = nil, path: String? = nil, query: [String: String]? = nil, headers: [String: String]? = nil,
        status: Int? = nil, message: String? = nil, body: String? = nil, delay: Duration? = nil, drop: Bool? = nil,
        truncateAfterBytes: Int? = nil, bytesPerSecond: Int? = nil, after: Int? = nil, times: Int? = nil,
        name: String? = nil, priority: Int? = nil, probability: Double? = nil, corrupt: Bool? = nil, contentType: String? = nil,
        stream: StreamTarget? = nil, playlist: PlaylistFault? = nil, network: NetworkSchedule? = nil
    ) {
        self.name = name
        self.priority = priority
        self.probability = probability
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.status = status
        self.message = message
        self.body = body
        self.delay = delay
        self.drop = drop
        self.truncateAfterBytes = truncateAfterBytes
        self.bytesPerSecond = bytesPerSecond
        self.after = after
        self.times = times
        self.corrupt = corrupt
        self.contentType = contentType
        self.stream = stream
        self.playlist = playlist
        self.network = network
    }

    /// The longest `path` a rule may give, in UTF-16 code units (ASCII characters count one, characters
    /// outside the Basic Multilingual Plane two). Foundation on Linux loses the pattern's buffer of
    /// every longer expression it compiles (528 bytes for 264 units, found by `FuzzFaultRules`), so
    /// a longer one is refused rather than leaked.
    public static let maximumPathLength = 256

    /// Why the rule cannot be used, as a sentence; nil when it is fine (regex aside).
    var problem: String? {
        if path?.isEmpty ?? (stream == nil) { return "path must be a non-empty regular expression (or give stream)." }
        if let path, path.utf16.count > Self.maximumPathLength {
            return "path must be at most \(Self.maximumPathLength) characters (UTF-16 code units); it has \(path.utf16.count)."
        }
        let deliveries = [drop == true, truncateAfterBytes != nil, bytesPerSecond != nil].filter { $0 }.count
        let changes = [corrupt == true, contentType != nil, playlist != nil].filter { $0 }.count
        if status == nil, delay == nil, network == nil, deliveries + changes == 0 {
            return
                "A rule needs an action: status, delayMs, drop, truncateAfterBytes, bytesPerSecond, corrupt, contentType, playlist or network."
        }
        if let network, case .failure(let error) = network.resolvedSteps() { return error.message }
        if changes > 0, status != nil || drop == true {
            return "corrupt, contentType and playlist change the real answer; they cannot go with status or drop."
        }
        if let playlist {
            if stream == nil { return "playlist changes need stream (which asset's media playlists to change)." }
            if let problem = playlist.problem { return problem }
            if playlist.staleFor != nil, times != nil { return "A stale playlist lasts staleForMs; it takes no times." }
        }
        if let contentType, contentType.isEmpty || !contentType.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) {
            return "contentType must be a non-empty header value of printable ASCII."
        }
        if deliveries > 1 { return "drop, truncateAfterBytes and bytesPerSecond exclude each other." }
        if drop == true, status != nil { return "A dropped connection has no status; use one or the other." }
        if let status, !(200...599).contains(status) { return "status must be from 200 to 599." }
        if let delay, !(.zero...Duration.seconds(600)).contains(delay) { return "delayMs must be from 0 to 600000." }
        if let truncateAfterBytes, truncateAfterBytes < 0 { return "truncateAfterBytes cannot be negative." }
        if let bytesPerSecond, bytesPerSecond < 1 { return "bytesPerSecond must be at least 1." }
        if let after, after < 0 { return "after cannot be negative." }
        if let priority, priority < 0 { return "priority cannot be negative (0 is tried first)." }
        if let probability, !(0...1).contains(probability) { return "probability must be from 0 to 1." }
        if let times, times < 1 { return "times must be at least 1 (leave it out for a rule that stays)." }
        return nil
    }
}
