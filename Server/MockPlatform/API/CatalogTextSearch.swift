import ExposureModels
import Foundation

/// Free text matched against the catalog, as `…/content/search/query/{text}` and
/// `…/content/search/autocomplete/{text}` answer it: every word of the text must start a word of
/// the asset's titles, descriptions or tags (case- and accent-insensitive), so "arc jour" finds
/// "Arctic Journey" and a half-typed last word still matches. Words are runs of letters and digits.
struct CatalogTextSearch {
    /// The words looked for, folded.
    let words: [String]
    /// The locale whose titles and descriptions count; nil for every locale.
    let locale: String?

    /// The search for `text`; 400 `INVALID_PARAMETER` when it has no word.
    init(text: String, locale: String?) throws(ExposureErrorMessage) {
        words = Self.words(of: text)
        guard !words.isEmpty else {
            throw .invalidParameter("query", "must hold a word (letters or digits), not \"\(text)\"")
        }
        self.locale = locale?.isEmpty == true ? nil : locale
    }

    /// A match of `asset`'s titles, descriptions and tags, or nil. The title and description
    /// are returned when they hold a word of the search.
    func match(_ asset: Asset) -> SearchResponse? {
        let localized = (asset.localized ?? []).filter { locale == nil || $0.locale == locale }
        let titles = [asset.originalTitle].compactMap { $0 } + localized.compactMap(\.title)
        let descriptions = localized.flatMap { [$0.description, $0.shortDescription, $0.longDescription, $0.tinyDescription] }
            .compactMap { $0 }
        let tags = (asset.tags ?? []).flatMap { $0.tagValues ?? [] }.flatMap { value in
            [value.tagId] + (value.localized ?? []).compactMap(\.title)
        }
        let found = Set((titles + descriptions + tags).flatMap(Self.words(of:)))
        guard words.allSatisfy({ word in found.contains { $0.hasPrefix(word) } }) else { return nil }
        return SearchResponse(
            asset: asset, highlightedTitle: titles.last { holdsAWord($0) }, highlightedDescription: descriptions.first { holdsAWord($0) })
    }

    /// The title `asset` is suggested under when every word of the search starts a word of it:
    /// the title in the locale (or the first), else the original title.
    func completion(of asset: Asset) -> String? {
        guard let title = asset.title(locale: locale) else { return nil }
        let titleWords = Self.words(of: title)
        return words.allSatisfy({ word in titleWords.contains { $0.hasPrefix(word) } }) ? title : nil
    }

    private func holdsAWord(_ text: String) -> Bool {
        let found = Self.words(of: text)
        return words.contains { word in found.contains { $0.hasPrefix(word) } }
    }

    /// The folded words of `text`.
    static func words(of text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }
            .map(String.init)
    }
}
