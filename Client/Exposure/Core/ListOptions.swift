/// The page, order and fields a list call asks for: the one place the list builders (assets,
/// search, events) keep them and write them into the query.
public struct ListOptions: Sendable, Hashable {
    /// The page, from 1.
    public var pageNumber = 1
    /// Items per page.
    public var pageSize = 50
    /// Sort keys in order; a `-` prefix sorts descending.
    public var sortKeys: [String] = []
    /// How much of each asset to answer with; nil for lists of something else (not sent).
    public var fieldSet: FieldSet?
    /// Fields (or dotted paths) to add to the field set.
    public var includedFields: [String] = []
    /// Fields (or dotted paths) to leave out.
    public var excludedFields: [String] = []

    /// Writes `pageNumber` and `pageSize` always, the rest when set; lists comma-joined.
    func write(into query: inout QueryItems) {
        query.set("pageNumber", pageNumber)
        query.set("pageSize", pageSize)
        query.set("fieldSet", fieldSet?.rawValue)
        for (key, list) in [("sort", sortKeys), ("includeFields", includedFields), ("excludeFields", excludedFields)] {
            query.set(key, list.isEmpty ? nil : list.joined(separator: ","))
        }
    }
}

/// A list call: its order and page are refined the same way on every list (assets, search, events).
public protocol ListRequest: ExposureRequest {
    /// The page, order and fields asked for.
    var options: ListOptions { get }
    /// A copy of the call asking for `options`.
    func with(options: ListOptions) -> Self
}

extension ListRequest {
    /// Sorts by keys in order, e.g. `["-publications.publicationDate", "assetId"]` (`-` for descending).
    public func sort(on keys: [String]) -> Self { refinedOptions { $0.sortKeys = keys } }

    /// Page `page` (from 1) of `size` items.
    public func show(page: Int, spanning size: Int) -> Self { refinedOptions { ($0.pageNumber, $0.pageSize) = (page, size) } }

    func refinedOptions(_ change: (inout ListOptions) -> Void) -> Self {
        var options = self.options
        change(&options)
        return with(options: options)
    }
}

/// A list of assets: what of each asset it answers with is chosen the same way on every one.
public protocol AssetListingRequest: ListRequest {}

extension AssetListingRequest {
    /// Answers with `fieldSet` of each asset.
    public func use(fieldSet: FieldSet) -> Self { refinedOptions { $0.fieldSet = fieldSet } }

    /// Adds these fields (or dotted paths) to the field set.
    public func include(fields: [String]) -> Self { refinedOptions { $0.includedFields = fields } }

    /// Leaves these fields (or dotted paths) out.
    public func exclude(fields: [String]) -> Self { refinedOptions { $0.excludedFields = fields } }
}
