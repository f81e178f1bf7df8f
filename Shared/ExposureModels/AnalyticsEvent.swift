/// One analytics event of an EventSink batch: the keys every event has, typed, plus every key as
/// sent (type-specific ones such as `MediaLocator`, `Bitrate` or `Message` included).
public struct AnalyticsEvent: Codable, Sendable, Equatable {
    /// `EventType`, e.g. `Playback.Started` (see `AnalyticsEventType`).
    public var eventType: String
    /// `Timestamp`: when it happened on the client, ms since 1970.
    public var timestamp: Int64
    /// `OffsetTime`: the playhead position, ms, when the event has one.
    public var offsetTime: Int64?
    /// `SequenceNumber`: the event's place in its play session, from 1.
    public var sequenceNumber: Int64?
    /// Every key of the event as sent, the typed ones included.
    public var fields: [String: JSONValue]

    /// An event; the typed values override the same keys in `fields`.
    public init(
        eventType: String, timestamp: Int64, offsetTime: Int64? = nil, sequenceNumber: Int64? = nil, fields: [String: JSONValue] = [:]
    ) {
        self.eventType = eventType
        self.timestamp = timestamp
        self.offsetTime = offsetTime
        self.sequenceNumber = sequenceNumber
        var fields = fields
        fields["EventType"] = .string(eventType)
        fields["Timestamp"] = .integer(timestamp)
        if let offsetTime { fields["OffsetTime"] = .integer(offsetTime) }
        if let sequenceNumber { fields["SequenceNumber"] = .integer(sequenceNumber) }
        self.fields = fields
    }

    /// A type-specific field, e.g. `event["MediaLocator"]`.
    public subscript(key: String) -> JSONValue? { fields[key] }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let fields = try container.decode([String: JSONValue].self)
        guard let eventType = fields["EventType"]?.stringValue, !eventType.isEmpty else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "An event needs an EventType string.")
        }
        guard let timestamp = fields["Timestamp"]?.int64Value else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "An event needs a Timestamp in ms.")
        }
        if let offset = fields["OffsetTime"], offset != .null, offset.int64Value == nil {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "OffsetTime must be a whole number of ms.")
        }
        self.init(
            eventType: eventType, timestamp: timestamp, offsetTime: fields["OffsetTime"]?.int64Value,
            sequenceNumber: fields["SequenceNumber"]?.int64Value, fields: fields)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(fields)
    }
}

/// The `EventType` values players send.
public enum AnalyticsEventType {
    /// `Playback.Created`.
    public static let created = "Playback.Created"
    /// `Device.Info`.
    public static let deviceInfo = "Device.Info"
    /// `Playback.HandshakeStarted`.
    public static let handshakeStarted = "Playback.HandshakeStarted"
    /// `Playback.PlayerReady`.
    public static let playerReady = "Playback.PlayerReady"
    /// `Playback.Started`.
    public static let started = "Playback.Started"
    /// `Playback.Paused`.
    public static let paused = "Playback.Paused"
    /// `Playback.Resumed`.
    public static let resumed = "Playback.Resumed"
    /// `Playback.ScrubbedTo`.
    public static let scrubbedTo = "Playback.ScrubbedTo"
    /// `Playback.BufferingStarted`.
    public static let bufferingStarted = "Playback.BufferingStarted"
    /// `Playback.BufferingEnded`.
    public static let bufferingEnded = "Playback.BufferingEnded"
    /// `Playback.BitrateChanged`.
    public static let bitrateChanged = "Playback.BitrateChanged"
    /// `Playback.ProgramChanged`.
    public static let programChanged = "Playback.ProgramChanged"
    /// `Playback.Heartbeat`.
    public static let heartbeat = "Playback.Heartbeat"
    /// `Playback.AdStarted`.
    public static let adStarted = "Playback.AdStarted"
    /// `Playback.AdCompleted`.
    public static let adCompleted = "Playback.AdCompleted"
    /// `Playback.AdFailed`.
    public static let adFailed = "Playback.AdFailed"
    /// `Playback.Error`.
    public static let error = "Playback.Error"
    /// `Playback.Completed`.
    public static let completed = "Playback.Completed"
    /// `Playback.Aborted`.
    public static let aborted = "Playback.Aborted"

    /// The types that end a play session.
    public static let terminal: Set<String> = [completed, aborted, error]
}
