import Foundation
import Testing

/// Every key the bundled fixtures use is documented: catalog JSON in docs/fixtures.md, the media
/// manifest in docs/media.md. A key added to a fixture without a word in the guide fails here.
@Suite struct FixtureDocumentationTests {
    /// The package's root, found from this file (Tests/MockPlatformTests/ → the root).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Keys whose values map data to data (asset id → offset): their own keys are not names.
    static let mapsOfData: Set<String> = ["bookmarks"]

    @Test(arguments: [
        ("Fixtures/catalog/platform.json", "docs/fixtures.md"), ("Fixtures/catalog/users.json", "docs/fixtures.md"),
        ("Fixtures/catalog/assets.json", "docs/fixtures.md"), ("Fixtures/catalog/ads.json", "docs/fixtures.md"),
        ("Fixtures/media/media.json", "docs/media.md")
    ])
    func everyKeyOfABundledFixtureIsDocumented(_ fixture: String, _ guide: String) throws {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.root.appendingPathComponent(fixture)))
        let text = try String(contentsOf: Self.root.appendingPathComponent(guide), encoding: .utf8)
        let undocumented = Self.keys(in: json).filter { !Self.mentions(text, $0) }.sorted()
        #expect(undocumented == [], "\(fixture) uses keys \(guide) never names")
    }

    /// Every object key in `value`, at any depth, except inside ``mapsOfData``.
    static func keys(in value: Any) -> Set<String> {
        switch value {
        case let object as [String: Any]:
            object.reduce(into: Set(object.keys)) { keys, entry in
                if !mapsOfData.contains(entry.key) { keys.formUnion(Self.keys(in: entry.value)) }
            }
        case let array as [Any]: array.reduce(into: Set<String>()) { $0.formUnion(keys(in: $1)) }
        default: []
        }
    }

    /// Whether `text` has `key` as a whole word (not inside a longer name such as `offsetMinutes`).
    static func mentions(_ text: String, _ key: String) -> Bool {
        var searchRange = text.startIndex..<text.endIndex
        while let found = text.range(of: key, range: searchRange) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            if !Self.isNamePart(before), !Self.isNamePart(after) { return true }
            searchRange = found.upperBound..<text.endIndex
        }
        return false
    }

    private static func isNamePart(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_" || character == "-"
    }
}
