/// One page of assets.
public struct AssetList: Codable, Sendable, Equatable {
    /// How many assets match, over all pages.
    public var totalCount: Int
    /// The page size asked for.
    public var pageSize: Int
    /// This page's number, from 1.
    public var pageNumber: Int
    /// The assets on this page.
    public var items: [Asset]

    /// A page of assets.
    public init(totalCount: Int, pageSize: Int, pageNumber: Int, items: [Asset]) {
        self.totalCount = totalCount
        self.pageSize = pageSize
        self.pageNumber = pageNumber
        self.items = items
    }
}
