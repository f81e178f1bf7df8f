import ExposureModels
import Foundation
import Testing

/// `JSONValue(parsing:)`: every kind, numbers as documented, and the same tree the decoder builds.
@Suite struct JSONValueParsingTests {
    static func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: Data(text.utf8)) }

    @Test func everyKindOfValue() throws {
        let parsed = try Self.parse(#"{"s":"é","i":-42,"d":1.5,"t":true,"f":false,"n":null,"a":[0,"x",[]],"o":{}}"#)
        #expect(
            parsed
                == .object([
                    "s": .string("é"), "i": .integer(-42), "d": .number(1.5), "t": .bool(true), "f": .bool(false), "n": .null,
                    "a": .array([.integer(0), .string("x"), .array([])]), "o": .object([:])
                ]))
        #expect(try Self.parse(#""top""#) == .string("top"), "a document may be a single value")
    }

    @Test(arguments: [
        ("0", JSONValue.integer(0)), ("1", .integer(1)), ("9223372036854775807", .integer(.max)),
        ("1.0", .number(1)), ("1e3", .number(1000)), ("0.1", .number(0.1)),
        ("12345678901234567890", .number(12_345_678_901_234_567_168))  // the nearest Double
    ])
    func anIntegerIsANumberWrittenWithoutFractionOrExponentWithin64Bits(text: String, value: JSONValue) throws {
        #expect(try Self.parse(text) == value)
    }

    @Test(arguments: ["{\"a\":}", "[1,", "", "nul"])
    func aDocumentThatIsNotJSONThrowsTheDecodersError(text: String) {
        #expect(throws: DecodingError.self) { try Self.parse(text) }
    }

    /// The bundled fixtures write no `1.0`-style numbers, so both readings agree on every file.
    @Test(arguments: ["catalog/assets.json", "catalog/users.json", "catalog/platform.json", "catalog/ads.json"])
    func theBundledFixturesParseToTheTreeTheDecoderBuilds(file: String) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures").appendingPathComponent(file)
        let data = try Data(contentsOf: url)
        #expect(try JSONValue(parsing: data) == ExposureJSON.decode(JSONValue.self, from: data))
    }

    @Test func anEncodableIsTheTreeOfItsJSON() throws {
        struct Sample: Encodable {
            let name = "x"
            let count = 3
            let ratio = 0.25
            let tags = ["a"]
        }
        #expect(
            try JSONValue(encoding: Sample())
                == .object([
                    "name": .string("x"), "count": .integer(3), "ratio": .number(0.25), "tags": .array([.string("a")])
                ]))
    }
}
