/// `GET /v1/…/content/search/query/{text}`, refined step by step; each modifier returns a changed copy.
///
/// Always sends `fieldSet`, `onlyPublished`, `pageNumber` and `pageSize`, as the official SDK does.
public struct SearchQuery: AssetListingRequest {
    /// The response.
    public typealias Response = SearchResponseList

    /// The backend to call.
    public let environment: Environment
    /// What carries the call.
    public let transport: any HTTPTransport
    /// The words to look for.
    public let text: String

    /// The locale whose titles and descriptions to search and show, e.g. `en`.
    public private(set) var locale: String?
    /// Only assets of these types (`MOVIE`, `EPISODE`, …); nil for every type.
    public private(set) var types: [String]?
    /// Whether only currently published assets are found.
    public private(set) var onlyPublished = true
    /// The page, order and fields asked for (`fieldSet=ALL` unless told); unsorted, matches
    /// keep catalog order.
    public private(set) var options = ListOptions(fieldSet: .all)

    init(environment: Environment, transport: any HTTPTransport, text: String) {
        self.environment = environment
        self.transport = transport
        self.text = text
    }

    /// Searches the titles and descriptions of one locale; nil searches them all.
    public func filter(locale: String?) -> Self { refined { $0.locale = locale } }

    /// Only assets of these types; nil for every type.
    public func filter(on assetTypes: [String]?) -> Self { refined { $0.types = assetTypes } }

    /// Whether to find only assets published now (the default) or every asset.
    public func filter(onlyPublished: Bool) -> Self { refined { $0.onlyPublished = onlyPublished } }

    /// A copy asking for `options`.
    public func with(options: ListOptions) -> Self { refined { $0.options = options } }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        options.write(into: &query)
        query.set("onlyPublished", onlyPublished)
        query.set("locale", locale)
        query.set("types", types.map { $0.joined(separator: ",") })
        return Endpoint(.get, .v1, path: ["content", "search", "query", text], query: query)
    }
}
