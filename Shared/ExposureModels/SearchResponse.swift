/// One page of `GET …/content/search/query/{query}`: the assets matching a free-text search.
public struct SearchResponseList: Codable, Sendable, Equatable {
    /// How many assets match in all.
    public var totalCount: Int
    /// Assets per page.
    public var pageSize: Int
    /// This page's number, from 1.
    public var pageNumber: Int
    /// A better spelling of the query, when the server has one.
    public var suggestion: String?
    /// The matches on this page.
    public var items: [SearchResponse]

    /// A page of search results.
    public init(totalCount: Int, pageSize: Int, pageNumber: Int, suggestion: String? = nil, items: [SearchResponse]) {
        self.totalCount = totalCount
        self.pageSize = pageSize
        self.pageNumber = pageNumber
        self.suggestion = suggestion
        self.items = items
    }
}

/// One search match: the asset, with its title and description as they matched.
public struct SearchResponse: Codable, Sendable, Equatable {
    /// The asset.
    public var asset: Asset
    /// The title that matched, when the title did.
    public var highlightedTitle: String?
    /// The description that matched, when the description did.
    public var highlightedDescription: String?

    /// A match.
    public init(asset: Asset, highlightedTitle: String? = nil, highlightedDescription: String? = nil) {
        self.asset = asset
        self.highlightedTitle = highlightedTitle
        self.highlightedDescription = highlightedDescription
    }
}

/// One suggestion of `GET …/content/search/autocomplete/{prefix}`: a title that completes the
/// text typed so far, and the asset it is the title of.
public struct SearchResponseAutocomplete: Codable, Sendable, Equatable, Hashable {
    /// The completed text (an asset's title).
    public var text: String
    /// The asset with that title.
    public var assetId: String

    /// A suggestion.
    public init(text: String, assetId: String) {
        self.text = text
        self.assetId = assetId
    }
}
