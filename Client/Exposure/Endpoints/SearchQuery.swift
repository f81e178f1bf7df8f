/// `GET /v1/…/content/search/query/{text}`, refined step by step; each modifier returns a changed copy.
///
/// Always sends `fieldSet`, `onlyPublished`, `pageNumber` and `pageSize`, as the official SDK does.
public struct SearchQuery: ExposureRequest {
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
    /// How much of each asset to answer with.
    public private(set) var fieldSet = FieldSet.all
    /// Fields (or dotted paths) to add to the field set.
    public private(set) var includedFields: [String] = []
    /// Fields (or dotted paths) to leave out.
    public private(set) var excludedFields: [String] = []
    /// Sort keys in order; a `-` prefix sorts descending. Unsorted, matches keep catalog order.
    public private(set) var sortKeys: [String] = []
    /// The page, from 1.
    public private(set) var pageNumber = 1
    /// Matches per page.
    public private(set) var pageSize = 50

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

    /// Answers with `fieldSet` of each asset.
    public func use(fieldSet: FieldSet) -> Self { refined { $0.fieldSet = fieldSet } }

    /// Adds these fields (or dotted paths) to the field set.
    public func include(fields: [String]) -> Self { refined { $0.includedFields = fields } }

    /// Leaves these fields (or dotted paths) out.
    public func exclude(fields: [String]) -> Self { refined { $0.excludedFields = fields } }

    /// Sorts by keys in order, e.g. `["-publications.publicationDate", "assetId"]`.
    public func sort(on keys: [String]) -> Self { refined { $0.sortKeys = keys } }

    /// Page `page` (from 1) of `size` matches.
    public func show(page: Int, spanning size: Int) -> Self {
        refined {
            $0.pageNumber = page
            $0.pageSize = size
        }
    }

    /// The call itself.
    public var endpoint: Endpoint {
        var query = QueryItems()
        query.set("fieldSet", fieldSet.rawValue)
        query.set("onlyPublished", onlyPublished)
        query.set("pageNumber", pageNumber)
        query.set("pageSize", pageSize)
        query.set("locale", locale)
        query.set("types", types.map { $0.joined(separator: ",") })
        query.set("sort", sortKeys.isEmpty ? nil : sortKeys.joined(separator: ","))
        query.set("includeFields", includedFields.isEmpty ? nil : includedFields.joined(separator: ","))
        query.set("excludeFields", excludedFields.isEmpty ? nil : excludedFields.joined(separator: ","))
        return Endpoint(.get, .v1, path: ["content", "search", "query", text], query: query)
    }
}
