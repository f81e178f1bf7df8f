import ExposureModels
import Foundation
import HTTPServer

/// The filters, order and page of `GET …/content/asset`, read from the query string.
struct AssetQuery {
    var pageNumber: Int
    var pageSize: Int
    var assetTypes: Set<String>
    var assetIds: Set<String>
    var onlyPublished: Bool
    var search: AssetSearchQuery?
    /// Any asset field or dotted path; `-key` sorts descending.
    var sort: [SortKey<AssetFieldPath>]

    init(_ context: RequestContext) throws(ExposureErrorMessage) {
        pageNumber = try context.intQuery("pageNumber", default: 1, in: 1...100_000)
        pageSize = try context.intQuery("pageSize", default: 50, in: 1...200)
        assetTypes = Set(context.query.list("assetType"))
        assetIds = Set(context.query.list("assetIds"))
        onlyPublished = try context.boolQuery("onlyPublished", default: true)
        let text = context.query["query"] ?? ""
        search = text.allSatisfy(\.isWhitespace) ? nil : try AssetSearchQuery.parse(text)
        sort = try SortKey.list(context) { name throws(ExposureErrorMessage) in try AssetFieldPath(name, parameter: "sort") }
    }

    /// The matching assets of the catalog, sorted (ties keep catalog order), before paging.
    func matches(in loaded: LoadedCatalog, at now: Date) -> [Asset] {
        let filtered = loaded.catalog.wireAssets.filter { asset in
            (assetTypes.isEmpty || assetTypes.contains(asset.type ?? ""))
                && (assetIds.isEmpty || assetIds.contains(asset.assetId))
                && (!onlyPublished || Self.isPublished(asset, at: now))
                && (search.map { $0.matches(loaded.assetFields[asset.assetId] ?? .null) } ?? true)
        }
        guard !sort.isEmpty else { return filtered }
        let keyed = filtered.enumerated().map { index, asset in
            (index, asset, sort.map { $0.field.values(in: loaded.assetFields[asset.assetId] ?? .null).first })
        }
        return keyed.sorted { lhs, rhs in
            for (position, key) in sort.enumerated() {
                switch JSONValue.sortOrder(lhs.2[position], rhs.2[position]) {
                case .same: continue
                case .before: return !key.descending
                case .after: return key.descending
                }
            }
            return lhs.0 < rhs.0
        }.map(\.1)
    }

    /// The requested page of `matches`.
    func page<Element>(of matches: [Element]) -> [Element] { matches.page(pageNumber, size: pageSize) }

    static func isPublished(_ asset: Asset, at now: Date) -> Bool {
        guard let publications = asset.publications, !publications.isEmpty else { return true }
        return publications.contains { $0.isActive(at: now) }
    }
}
