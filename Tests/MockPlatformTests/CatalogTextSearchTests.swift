import ExposureModels
import Testing

@testable import MockPlatform

/// Free-text search and autocomplete as values: which assets match, what is highlighted, what is refused.
@Suite struct CatalogTextSearchTests {
    let film = Asset(
        assetId: "film", originalTitle: "Arctic Journey",
        localized: [
            LocalizedData(locale: "en", title: "Arctic Journey", description: "A voyage north."),
            LocalizedData(locale: "sv", title: "Arktisk resa", description: "En resa norrut.")
        ],
        tags: [AssetTag(type: "genre", tagValues: [.init(tagId: "documentary", localized: [LocalizedData(locale: "en", title: "Nature")])])]
    )

    @Test func everyWordMustStartAWordOfTitleDescriptionOrTags() throws {
        #expect(try CatalogTextSearch(text: "arc jour", locale: nil).match(film)?.highlightedTitle == "Arctic Journey")
        #expect(try CatalogTextSearch(text: "VOYAGE", locale: nil).match(film)?.highlightedDescription == "A voyage north.")
        #expect(try CatalogTextSearch(text: "nature documentary", locale: nil).match(film) != nil)
        #expect(try CatalogTextSearch(text: "arctic spring", locale: nil).match(film) == nil)
        // Prefixes of words, not parts of them.
        #expect(try CatalogTextSearch(text: "rctic", locale: nil).match(film) == nil)
    }

    @Test func aLocaleLimitsTheTextsSearched() throws {
        #expect(try CatalogTextSearch(text: "norrut", locale: "en").match(film) == nil)
        let swedish = try #require(try CatalogTextSearch(text: "norrut", locale: "sv").match(film))
        #expect(swedish.highlightedTitle == nil && swedish.highlightedDescription == "En resa norrut.")
        // The original title counts in every locale.
        #expect(try CatalogTextSearch(text: "journey", locale: "sv").match(film)?.highlightedTitle == "Arctic Journey")
    }

    @Test func completionsAreTitlesInTheLocale() throws {
        #expect(try CatalogTextSearch(text: "arctic jo", locale: nil).completion(of: film) == "Arctic Journey")
        #expect(try CatalogTextSearch(text: "ark", locale: "sv").completion(of: film) == "Arktisk resa")
        #expect(try CatalogTextSearch(text: "voyage", locale: nil).completion(of: film) == nil)
    }

    @Test(arguments: ["", "   ", "--", "…!"])
    func aTextWithoutAWordIsRefused(_ text: String) {
        #expect(throws: ExposureErrorMessage.self) { try CatalogTextSearch(text: text, locale: nil) }
    }

    @Test func wordsFoldCaseAndAccents() {
        #expect(CatalogTextSearch.words(of: "Café-Crème, 24h!") == ["cafe", "creme", "24h"])
    }
}
