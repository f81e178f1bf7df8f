/// `GET /v1/…/content/asset`, refined step by step; each modifier returns a changed copy.
///
/// Always sends `fieldSet` (`ALL` unless told), `onlyPublished`, `pageNumber` and `pageSize` (as the iOS SDK
/// does), so every request spells out the page it wants.
public struct AssetListRequest: AssetListingRequest {
    /// The response.
    public typealias Response = AssetList

    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport

    /// The `assetType` filter, e.g. `TV_CHANNEL`.
    public private(set) var assetType: String?
    /// Whether only currently published assets are listed.
    public private(set) var onlyPublished = true
    /// The page, order and fields asked for (`fieldSet=ALL` unless told).
    public private(set) var options = ListOptions(fieldSet: .all)
    /// Only these assets.
    public private(set) var assetIds: [String] = []
    /// A free-text query.
    public private(set) var text: String?
    /// The session whose play history to include in each asset.
    public private(set) var userDataToken: SessionToken?

    init(environment: Environment, transport: any HTTPTransport) {
        self.environment = environment
        self.transport = transport
    }

    /// The page, from 1.
    public var pageNumber: Int { options.pageNumber }
    /// Assets per page.
    public var pageSize: Int { options.pageSize }

    /// Adds the user's play history to each asset (sends the token and `includeUserData=true`).
    public func includeUserData(for sessionToken: SessionToken) -> Self {
        refined { $0.userDataToken = sessionToken }
    }

    /// Only assets of one type, e.g. `MOVIE` or `TV_CHANNEL`.
    public func filter(on assetType: String) -> Self {
        refined { $0.assetType = assetType }
    }

    /// Whether to list only assets published now (the default) or every asset.
    public func filter(onlyPublished: Bool) -> Self {
        refined { $0.onlyPublished = onlyPublished }
    }

    /// Only the given assets (sent as repeated `assetIds` keys).
    public func filter(assetIds: [String]) -> Self {
        refined { $0.assetIds = assetIds }
    }

    /// Only the given assets: the official SDK's name for ``filter(assetIds:)``.
    public func filter(onlyAssetIds assetIds: [String]) -> Self {
        filter(assetIds: assetIds)
    }

    /// Assets matching an Elasticsearch query string: the official SDK's name for ``filter(query:)``.
    public func elasticSearch(query text: String) -> Self {
        filter(query: text)
    }

    /// Assets matching a free-text query.
    public func filter(query text: String) -> Self {
        refined { $0.text = text }
    }

    /// A copy asking for `options`.
    public func with(options: ListOptions) -> Self { refined { $0.options = options } }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        options.write(into: &query)
        query.set("onlyPublished", onlyPublished)
        query.set("assetType", assetType)
        query.set("assetIds", repeating: assetIds)
        query.set("query", text)
        if userDataToken != nil { query.set("includeUserData", true) }
        return Endpoint(.get, .v1, path: ["content", "asset"], query: query, sessionToken: userDataToken)
    }
}
