import Clocks
import ExposureModels
import Foundation
import HTTPServer

/// Free-text search over the catalog and title suggestions (see ``CatalogTextSearch``).
extension ExposureAPI {
    mutating func registerSearch() {
        // `GET …/content/search/query/{text}`: the matches, filtered, sorted and paged as the asset
        // list is (`types` is the list's `assetType`), each with the title and description that matched.
        add(.get, [.v1, .v2], "/content/search/query/{text}") { context throws(ExposureErrorMessage) in
            let search = try CatalogTextSearch(text: context.path("text"), locale: context.query["locale"])
            var query = try AssetQuery(context)
            query.assetTypes = Set(context.query.list("types"))
            let shape = try AssetFieldShape(context)
            let matches = query.matches(in: context.loaded, at: context.now.date).compactMap(search.match)
            let items = query.page(of: matches).map { match in
                var item: [String: JSONValue] = ["asset": Self.shaped(match.asset, shape: shape, session: nil, context: context)]
                item["highlightedTitle"] = match.highlightedTitle.map(JSONValue.string)
                item["highlightedDescription"] = match.highlightedDescription.map(JSONValue.string)
                return JSONValue.object(item)
            }
            return Responses.json(
                JSONValue.object([
                    "items": .array(items), "pageNumber": .integer(Int64(query.pageNumber)),
                    "pageSize": .integer(Int64(query.pageSize)), "totalCount": .integer(Int64(matches.count))
                ]))
        }

        // `GET …/content/search/autocomplete/{text}`: up to `autocompleteLimit` titles of published
        // assets that complete the text, titles that start with the whole text first.
        add(.get, [.v1, .v2], "/content/search/autocomplete/{text}") { context throws(ExposureErrorMessage) in
            let text = context.path("text")
            let search = try CatalogTextSearch(text: text, locale: context.query["locale"])
            let now = context.now.date
            let suggestions = context.catalog.wireAssets.filter { AssetQuery.isPublished($0, at: now) }.compactMap { asset in
                search.completion(of: asset).map { SearchResponseAutocomplete(text: $0, assetId: asset.assetId) }
            }
            let prefix = CatalogTextSearch.words(of: text).joined(separator: " ")
            let ranked =
                suggestions.filter { CatalogTextSearch.words(of: $0.text).joined(separator: " ").hasPrefix(prefix) }
                + suggestions.filter { !CatalogTextSearch.words(of: $0.text).joined(separator: " ").hasPrefix(prefix) }
            return Responses.json(Array(ranked.prefix(Self.autocompleteLimit)))
        }
    }

    /// How many suggestions an autocomplete answers with at most.
    static let autocompleteLimit = 10
}
