/// Catalog reads: a filtered, sorted, paged list of assets, or one asset by id.
///
///     let channels = try await FetchAsset(environment: env)
///         .list()
///         .filter(on: "TV_CHANNEL")
///         .sort(on: ["assetId", "-originalTitle"])
///         .request()
public struct FetchAsset: Sendable {
    /// The backend to call.
    public let environment: Environment
    /// What carries the calls.
    public let transport: any HTTPTransport

    /// Catalog calls against `environment`.
    public init(environment: Environment, transport: any HTTPTransport = AutomaticTransport.shared) {
        self.environment = environment
        self.transport = transport
    }

    /// `GET /v1/…/content/asset`: a list to refine with filters, sorting and paging.
    public func list() -> AssetListRequest {
        AssetListRequest(environment: environment, transport: transport)
    }

    /// `GET /v1/…/content/asset/{assetId}`: one asset; 404 `UNKNOWN_ASSET` when there is none.
    public func filter(assetId: String) -> ExposureCall<Asset> {
        ExposureCall(environment: environment, transport: transport, endpoint: Endpoint(.get, .v1, path: ["content", "asset", assetId]))
    }
}
