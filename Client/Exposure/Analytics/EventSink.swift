/// The EventSink's two calls, for apps that deliver analytics themselves (the Player's analytics
/// use the same ones through ``AnalyticsDispatcher``):
///
///     let handshake = try await EventSink().initialize(using: env).request()
///     try await EventSink().send(analytics: batch, clockOffset: offset, environment: env, sessionToken: token).request()
///
/// Both go to `{base}/v2/customer/{cu}/businessunit/{bu}/eventsink/…`, `base` being
/// `analyticsBaseUrl` when given, else the environment's base URL.
public struct EventSink: Sendable {
    /// What carries the calls.
    public let transport: any HTTPTransport

    /// EventSink calls.
    public init(transport: any HTTPTransport = AutomaticTransport.shared) {
        self.transport = transport
    }

    /// `POST …/eventsink/init`: the server's clock and how often it wants reports. No token.
    public func initialize(using environment: Environment, analyticsBaseUrl: String? = nil) -> ExposureCall<EventSinkInitResponse> {
        let handshake = EventSinkHandshake(environment: Self.route(environment, analyticsBaseUrl), transport: transport)
        return ExposureCall(environment: handshake.environment, transport: transport, endpoint: handshake.endpoint)
    }

    /// `POST …/eventsink/send`: one batch of one play session, `clockOffset` (ms the device's clock
    /// runs ahead of the server's) written into it. Any 2xx means the events were taken.
    public func send(
        analytics batch: AnalyticsBatch, clockOffset: Int64?, environment: Environment, sessionToken: SessionToken?,
        analyticsBaseUrl: String? = nil
    ) -> ExposureCall<Void> {
        var batch = batch
        batch.clockOffset = clockOffset ?? batch.clockOffset
        let send = EventSinkSend(
            environment: Self.route(environment, analyticsBaseUrl), transport: transport, sessionToken: sessionToken, batch: batch)
        return ExposureCall(environment: send.environment, transport: transport, endpoint: send.endpoint)
    }

    private static func route(_ environment: Environment, _ analyticsBaseUrl: String?) -> Environment {
        guard let analyticsBaseUrl else { return environment }
        return Environment(baseUrl: analyticsBaseUrl, customer: environment.customer, businessUnit: environment.businessUnit)
    }
}
