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
