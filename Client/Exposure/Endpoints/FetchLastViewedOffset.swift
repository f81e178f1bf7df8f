/// `GET /v1/…/userplayhistory/lastviewedoffset`: where the user stopped in each asset.
///
///     let offsets = try await FetchLastViewedOffset(environment: env, sessionToken: token)
///         .filter(assetIds: ["movie-1", "movie-2"])
///         .request()
public struct FetchLastViewedOffset: ExposureRequest {
    /// The response.
    public typealias Response = LastViewedOffsetList

    /// The backend to call.
    public let environment: Environment
    /// The user whose history to read.
    public let sessionToken: SessionToken
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The assets to ask about; empty means every asset with a bookmark.
    public private(set) var assetIds: [String] = []

    /// A play-history call for the user of `sessionToken`.
    public init(
        environment: Environment, sessionToken: SessionToken, transport: any HTTPTransport = AutomaticTransport.shared
    ) {
        self.environment = environment
        self.sessionToken = sessionToken
        self.transport = transport
    }

    /// Only these assets (sent as repeated `assetIds` keys).
    public func filter(assetIds: [String]) -> Self {
        refined { $0.assetIds = assetIds }
    }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        query.set("assetIds", repeating: assetIds)
        return Endpoint(.get, .v1, path: ["userplayhistory", "lastviewedoffset"], query: query, sessionToken: sessionToken)
    }
}
