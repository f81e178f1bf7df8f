/// The body of `POST …/eventsink/send`: one play session's events, sent together.
public struct AnalyticsBatch: Codable, Sendable, Equatable {
    /// `Customer`, e.g. `Sandbox`.
    public var customer: String
    /// `BusinessUnit`, e.g. `Dev`.
    public var businessUnit: String
    /// `SessionId`: the entitlement's `playSessionId`.
    public var sessionId: String
    /// `DispatchTime`: when the client sent the batch, ms since 1970 (client clock).
    public var dispatchTime: Int64
    /// `ClockOffset`: the client clock minus the server's, ms, from `eventsink/init`.
    public var clockOffset: Int64?
    /// `Payload`: the events, in order.
    public var payload: [AnalyticsEvent]

    /// A batch.
    public init(
        customer: String, businessUnit: String, sessionId: String, dispatchTime: Int64, clockOffset: Int64? = nil, payload: [AnalyticsEvent]
    ) {
        self.customer = customer
        self.businessUnit = businessUnit
        self.sessionId = sessionId
        self.dispatchTime = dispatchTime
        self.clockOffset = clockOffset
        self.payload = payload
    }

    private enum CodingKeys: String, CodingKey {
        case customer = "Customer"
        case businessUnit = "BusinessUnit"
        case sessionId = "SessionId"
        case dispatchTime = "DispatchTime"
        case clockOffset = "ClockOffset"
        case payload = "Payload"
    }
}
