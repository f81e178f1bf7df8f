import ExposureModels
import Foundation

/// The filters, order and page of `GET …/content/asset`, read from the query string.
struct AssetQuery {
    var pageNumber: Int
    var pageSize: Int
    var assetTypes: Set<String>
    var assetIds: Set<String>
    var onlyPublished: Bool
    var text: String?
    var sort: [SortKey]

    /// One key of the `sort` list; `-key` sorts descending.
    struct SortKey {
        let field: String
        let descending: Bool
    }

    static let sortableFields = ["assetId", "originalTitle", "title", "type", "duration", "created", "changed"]

    init(_ context: RequestContext) throws(ExposureErrorMessage) {
        pageNumber = try context.intQuery("pageNumber", default: 1, in: 1...100_000)
        pageSize = try context.intQuery("pageSize", default: 50, in: 1...200)
        assetTypes = Set(context.query.list("assetType"))
        assetIds = Set(context.query.list("assetIds"))
        onlyPublished = try context.boolQuery("onlyPublished", default: true)
        text = context.query["query"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        sort = []
        for raw in context.query.list("sort") {
            let key = SortKey(field: raw.hasPrefix("-") ? String(raw.dropFirst()) : raw, descending: raw.hasPrefix("-"))
            guard Self.sortableFields.contains(key.field) else {
                throw .invalidParameter("sort", "may only name \(Self.sortableFields.joined(separator: ", ")) (with - for descending)")
            }
            sort.append(key)
        }
    }

    /// The matching assets, sorted, before paging.
    func matches(in assets: [Asset], at now: Date) -> [Asset] {
        let filtered = assets.filter { asset in
            (assetTypes.isEmpty || assetTypes.contains(asset.type ?? ""))
                && (assetIds.isEmpty || assetIds.contains(asset.assetId))
                && (!onlyPublished || Self.isPublished(asset, at: now))
                && (text.map { Self.matchesText(asset, $0) } ?? true)
        }
        guard !sort.isEmpty else { return filtered }
        return filtered.sorted { lhs, rhs in
            for key in sort {
                let order = Self.compare(lhs, rhs, field: key.field)
                if order != .orderedSame { return key.descending ? order == .orderedDescending : order == .orderedAscending }
            }
            return false
        }
    }

    /// The requested page of `matches`.
    func page(of matches: [Asset]) -> [Asset] {
        let start = (pageNumber - 1) * pageSize
        guard start < matches.count else { return [] }
        return Array(matches[start..<min(matches.count, start + pageSize)])
    }

    static func isPublished(_ asset: Asset, at now: Date) -> Bool {
        guard let publications = asset.publications, !publications.isEmpty else { return true }
        return publications.contains { $0.isActive(at: now) }
    }

    private static func titles(of asset: Asset) -> [String] {
        ([asset.originalTitle] + (asset.localized ?? []).map(\.title)).compactMap { $0?.lowercased() }
    }

    private static func matchesText(_ asset: Asset, _ text: String) -> Bool {
        titles(of: asset).contains { $0.contains(text) }
    }

    private static func compare(_ lhs: Asset, _ rhs: Asset, field: String) -> ComparisonResult {
        switch field {
        case "assetId": compareOptional(lhs.assetId, rhs.assetId)
        case "originalTitle": compareOptional(lhs.originalTitle, rhs.originalTitle)
        case "title": compareOptional(lhs.title(), rhs.title())
        case "type": compareOptional(lhs.type, rhs.type)
        case "duration": compareOptional(lhs.duration, rhs.duration)
        case "created": compareOptional(lhs.created, rhs.created)
        default: compareOptional(lhs.changed, rhs.changed)
        }
    }

    /// Compares values with absent ones last.
    private static func compareOptional<Value: Comparable>(_ lhs: Value?, _ rhs: Value?) -> ComparisonResult {
        switch (lhs, rhs) {
        case let (left?, right?): left < right ? .orderedAscending : (left > right ? .orderedDescending : .orderedSame)
        case (nil, nil): .orderedSame
        case (nil, _): .orderedDescending
        case (_, nil): .orderedAscending
        }
    }
}
