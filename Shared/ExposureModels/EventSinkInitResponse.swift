/// The answer of `POST {baseUrl}/eventsink/init`: the server's clock, for the client's clock
/// offset, and how the server wants to be reported to.
///
/// Clients compute `clockOffset = ((clientEnd - repliedTime) + (clientStart - receivedTime)) / 2`.
public struct EventSinkInitResponse: Codable, Sendable, Equatable {
    /// When the server received the request, ms since 1970.
    public var receivedTime: Int64
    /// When the server replied, ms since 1970.
    public var repliedTime: Int64
    /// How to report.
    public var settings: EventSinkSettings

    /// An answer.
    public init(receivedTime: Int64, repliedTime: Int64, settings: EventSinkSettings) {
        self.receivedTime = receivedTime
        self.repliedTime = repliedTime
        self.settings = settings
    }
}

/// How often and with what the server wants analytics; also the answer to each `eventsink/send`.
public struct EventSinkSettings: Codable, Sendable, Equatable {
    /// Send a heartbeat when nothing was sent for this long, seconds.
    public var secondsUntilNextReport: Int?
    /// Whether to add device metrics to events.
    public var includeDeviceMetrics: Bool?
    /// The server's time when it answered, ms since 1970.
    public var timestampNow: Int64?

    /// Settings.
    public init(secondsUntilNextReport: Int? = nil, includeDeviceMetrics: Bool? = nil, timestampNow: Int64? = nil) {
        self.secondsUntilNextReport = secondsUntilNextReport
        self.includeDeviceMetrics = includeDeviceMetrics
        self.timestampNow = timestampNow
    }
}
