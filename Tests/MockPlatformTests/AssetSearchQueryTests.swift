import ExposureModels
import Testing

@testable import MockPlatform

/// The search subset as a value: what parses to what, what matches, and what is refused.
@Suite struct AssetSearchQueryTests {
    private func field(_ name: String) throws -> AssetFieldPath { try AssetFieldPath(name, parameter: "query") }

    @Test func parsesTermsPhrasesFieldsAndPrecedence() throws {
        #expect(try AssetSearchQuery.parse("arctic") == .term(field: nil, words: ["arctic"]))
        #expect(try AssetSearchQuery.parse("\"Arctic Journey\"") == .term(field: nil, words: ["arctic", "journey"]))
        #expect(try AssetSearchQuery.parse("type:MOVIE") == .term(field: try field("type"), words: ["movie"]))
        #expect(
            try AssetSearchQuery.parse("localized.title:\"city lights\"")
                == .term(field: try field("localized.title"), words: ["city", "lights"]))
        let a = AssetSearchQuery.term(field: nil, words: ["a"])
        let b = AssetSearchQuery.term(field: nil, words: ["b"])
        let c = AssetSearchQuery.term(field: nil, words: ["c"])
        #expect(try AssetSearchQuery.parse("a OR b AND c") == .or([a, .and([b, c])]))
        #expect(try AssetSearchQuery.parse("a b") == .and([a, b]))
        #expect(try AssetSearchQuery.parse("(a OR b) c") == .and([.or([a, b]), c]))
    }

    @Test func nestingUpToTheLimitParses() throws {
        let nested =
            String(repeating: "(", count: AssetSearchQuery.maxNesting) + "a" + String(repeating: ")", count: AssetSearchQuery.maxNesting)
        #expect(try AssetSearchQuery.parse(nested) == .term(field: nil, words: ["a"]))
    }

    @Test func matchesWholeWordsCaseInsensitively() throws {
        let asset = JSONValue.object([
            "assetId": .string("city-lights"), "type": .string("MOVIE"), "live": .bool(false), "duration": .integer(5_400_000),
            "localized": .array([.object(["title": .string("City Lights"), "description": .string("A night in the city.")])])
        ])
        let cases: [(String, Bool)] = [
            ("city", true), ("CITY", true), ("cit", false), ("\"city lights\"", true), ("\"lights city\"", false),
            ("type:movie", true), ("type:EPISODE", false), ("live:false", true), ("duration:5400000", true),
            ("assetId:city-lights", true), ("assetId:city", false), ("night AND city", true), ("night AND ocean", false),
            ("ocean OR night", true), ("localized.description:night", true), ("localized.title:night", false)
        ]
        for (query, expected) in cases {
            #expect(try AssetSearchQuery.parse(query).matches(asset) == expected, "\(query)")
        }
    }

    @Test(arguments: [
        ("arc*", "wildcards"), ("title:[a TO b]", "ranges"), ("NOT city", "NOT"), ("-city", "operator"), ("+city", "operator"),
        ("city~2", "fuzzy"), ("city^2", "boosts"), ("/ci.y/", "regular expressions"), ("a && b", "&&"), ("a || b", "||"),
        ("duration:>5", "comparisons"), ("\"open", "never closed"), ("(a OR b", "never closed"), ("a OR", "ends"),
        ("AND a", "AND where"), ("a)", "unexpected"), ("type:", "must be followed"), ("nonsense:x", "unknown asset field"),
        ("\"\"", "no word"), (String(repeating: "(", count: 10_000) + "a", "nest deeper than 32")
    ])
    func refusesWhatItDoesNotSupportByName(query: String, named: String) {
        #expect {
            _ = try AssetSearchQuery.parse(query)
        } throws: { error in
            guard let message = error as? ExposureErrorMessage else { return false }
            return message.httpCode == 400 && message.message == "INVALID_PARAMETER"
                && message.extendedMessage?.contains(named) == true
        }
    }
}
