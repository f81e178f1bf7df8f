import ExposureModels
import Foundation
import MockPlatform
import MockPlatformTesting
import Testing

/// The JSON Schemas of the fixture files: served at `GET /_mock/schemas/{name}` from docs/schemas/,
/// and named by `$schema` in the bundled object files, which the loader accepts. That the bundled
/// fixtures pass them, and broken ones fail them as they fail the loader, is
/// `scripts/check-fixture-schemas`.
@Suite struct FixtureSchemaTests {
    static let schemas = FixtureLoader.bundledDirectory.deletingLastPathComponent().appendingPathComponent("docs/schemas")

    @Test(arguments: ["platform", "users", "assets", "ads", "media"])
    func eachFixtureFileHasItsSchemaServed(_ name: String) throws {
        let platform = try InProcessPlatform()
        let answer = platform.send(.get, "/_mock/schemas/\(name).schema.json")
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == "application/json")
        let file = try Data(contentsOf: Self.schemas.appendingPathComponent("\(name).schema.json"))
        #expect(Data(answer.body) == file)
        #expect(try JSONValue(parsing: file)["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
    }

    @Test(arguments: ["nothing.schema.json", "..%2Fopenapi.json", "platform"])
    func anotherNameIsANotFoundError(_ name: String) throws {
        let platform = try InProcessPlatform()
        let answer = platform.send(.get, "/_mock/schemas/\(name)")
        #expect(answer.status == 404)
        #expect(platform.error(of: answer).message == "NOT_FOUND")
    }

    @Test func theBundledPlatformFileNamesItsSchema() throws {
        let file = FixtureLoader.bundledDirectory.appendingPathComponent("catalog/platform.json")
        guard case .string(let reference) = try JSONValue(parsing: Data(contentsOf: file))["$schema"] else {
            Issue.record("no $schema in \(file.path)")
            return
        }
        let schema = URL(fileURLWithPath: reference, relativeTo: file.deletingLastPathComponent()).standardizedFileURL
        #expect(schema == Self.schemas.appendingPathComponent("platform.schema.json").standardizedFileURL)
    }

    @Test func aSchemaKeyIsNotAnUnknownKey() throws {
        let fixtures = try controlPlaneFixtures()
        try fixtures.editJSON("catalog/platform.json") { $0["$schema"] = .string("https://example.com/any.json") }
        #expect(throws: Never.self) { try FixtureLoader.load(from: fixtures.directory, at: .systemNow) }
    }
}
