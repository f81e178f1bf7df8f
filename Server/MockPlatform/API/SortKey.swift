import ExposureModels
import HTTPServer

/// One key of a `sort` query list: a field, `-` first for descending.
struct SortKey<Field> {
    let field: Field
    let descending: Bool

    /// The keys of the request's `sort` list in order, each field read by `field` from its name
    /// without the `-`.
    static func list(
        _ context: RequestContext, field: (String) throws(ExposureErrorMessage) -> Field
    ) throws(ExposureErrorMessage) -> [SortKey] {
        var keys: [SortKey] = []
        for raw in context.query.list("sort") {
            let descending = raw.hasPrefix("-")
            keys.append(SortKey(field: try field(descending ? String(raw.dropFirst()) : raw), descending: descending))
        }
        return keys
    }
}
