/// `GET /v1/…/time`: the server's clock, no session needed.
///
///     let now = try await FetchServerTime(environment: env).request()
public struct FetchServerTime: ExposureRequest {
    /// The response.
    public typealias Response = ServerTime

    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport

    /// A server-time call against `environment`.
    public init(environment: Environment, transport: any HTTPTransport = AutomaticTransport.shared) {
        self.environment = environment
        self.transport = transport
    }

    /// The call itself.
    public var endpoint: Endpoint { Endpoint(.get, .v1, path: ["time"]) }
}
