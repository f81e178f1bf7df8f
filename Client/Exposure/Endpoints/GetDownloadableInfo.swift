/// `GET /v2/…/entitlement/{assetId}/downloadinfo`: whether and how an asset may be downloaded
/// (tracks, sizes, download count and limit) before anything is fetched.
///
///     let info = try await GetDownloadableInfo(assetId: "arctic-journey", environment: env, sessionToken: token).request()
public struct GetDownloadableInfo: ExposureRequest {
    /// The response.
    public typealias Response = DownloadInfo

    /// The asset.
    public let assetId: String
    /// The backend to call.
    public let environment: Environment
    /// The user asking.
    public let sessionToken: SessionToken
    /// What carries the call.
    public let transport: any HTTPTransport

    /// The call for `assetId`.
    public init(
        assetId: String, environment: Environment, sessionToken: SessionToken, transport: any HTTPTransport = AutomaticTransport.shared
    ) {
        self.assetId = assetId
        self.environment = environment
        self.sessionToken = sessionToken
        self.transport = transport
    }

    /// The call itself.
    public var endpoint: Endpoint {
        Endpoint(.get, .v2, path: ["entitlement", assetId, "downloadinfo"], sessionToken: sessionToken)
    }
}
