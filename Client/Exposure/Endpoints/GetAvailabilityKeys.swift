/// `GET /v2/…/entitlement/availabilitykey`: the availability keys of the user's products, which
/// assets' download rules name.
public struct GetAvailabilityKeys: ExposureRequest {
    /// The response.
    public typealias Response = AvailabilityKeys

    /// The backend to call.
    public let environment: Environment
    /// The user asking.
    public let sessionToken: SessionToken
    /// What carries the call.
    public let transport: any HTTPTransport

    /// The call for the user of `sessionToken`.
    public init(environment: Environment, sessionToken: SessionToken, transport: any HTTPTransport = AutomaticTransport.shared) {
        self.environment = environment
        self.sessionToken = sessionToken
        self.transport = transport
    }

    /// The call itself.
    public var endpoint: Endpoint { Endpoint(.get, .v2, path: ["entitlement", "availabilitykey"], sessionToken: sessionToken) }
}
