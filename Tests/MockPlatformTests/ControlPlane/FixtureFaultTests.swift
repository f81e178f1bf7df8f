import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// Fault rules declared by the fixtures (`platform.json` `faults`): in force from start-up, again
/// after a reset and a fixture reload, and a broken one reported at its file and line.
@Suite struct FixtureFaultTests {
    private static let segment = "/media/reel/video/360p/seg-004.ts?asset=city-lights&seq=4"
    private static let nextSegment = "/media/reel/video/360p/seg-005.ts?asset=city-lights&seq=5"

    private static func declaring(_ fault: JSONValue) throws -> FixtureSandbox {
        let fixtures = try controlPlaneFixtures()
        try fixtures.editJSON("catalog/platform.json") { $0["faults"] = .array([fault]) }
        return fixtures
    }

    @Test func aFaultTheFixturesDeclareStrikesFromStartUpAfterAResetAndAReload() async throws {
        let fixtures = try Self.declaring(
            .object(["stream": .object(["assetId": .string("city-lights"), "sequence": .integer(4)]), "status": .integer(404)]))
        let platform = try await MockPlatform.start(fixtures: fixtures.directory)
        defer { platform.stop() }
        let client = ControlPlaneClient(baseURL: platform.baseURL)
        #expect(try await client.send("GET", Self.segment).status == 404, "the declared segment")
        #expect(try await client.send("GET", Self.nextSegment).status == 200, "every other segment of the stream")
        let listed = try await client.admin.faults()
        #expect(listed.count == 1 && listed.first?.stream?.sequence == 4)
        try await client.admin.reset()
        #expect(try await client.send("GET", Self.segment).status == 404, "again after a reset")
        try platform.reloadFixtures()
        #expect(try await client.admin.faults().count == 1, "a reload puts the declared rules in place of the old ones")
        #expect(try await client.send("GET", Self.segment).status == 404)
    }

    /// `id`, `remaining` and `hits` are what the platform writes into a rule in force: the schema
    /// refuses them in `platform.json`, and so does the loader, rather than ignore them silently.
    @Test(arguments: [("id", JSONValue.string("outage")), ("remaining", .integer(2)), ("hits", .integer(0))])
    func aFieldThePlatformGivesIsRefusedInTheFile(key: String, value: JSONValue) throws {
        let fixtures = try Self.declaring(.object(["path": .string("^/media/"), "status": .integer(503), key: value]))
        do {
            _ = try FixtureLoader.load(from: fixtures.directory, at: .systemNow)
            Issue.record("the fixtures loaded with a fault rule's \(key)")
        } catch {
            let problem = try #require(error.problems.first { $0.path == "$.faults[0].\(key)" }, "\(error)")
            #expect(problem.file == "catalog/platform.json")
            #expect(problem.message.contains("given by the platform"), "\(problem.message)")
        }
        let schema = try JSONValue(parsing: Data(contentsOf: FixtureSchemaTests.schemas.appendingPathComponent("platform.schema.json")))
        guard case .object(let definitions) = schema["$defs"], case .object(let rule) = definitions["FaultRule"],
            case .object(let properties) = rule["properties"]
        else {
            Issue.record("no FaultRule in the platform schema")
            return
        }
        #expect(rule["additionalProperties"] == .bool(false) && properties[key] == nil, "the schema refuses \(key) too")
    }

    @Test func aBrokenFaultIsReportedAtItsFileAndLine() throws {
        let fixtures = try Self.declaring(
            .object(["stream": .object(["assetId": .string("city-lights"), "sequence": .integer(99_999)]), "status": .integer(404)]))
        do {
            _ = try FixtureLoader.load(from: fixtures.directory, at: .systemNow)
            Issue.record("the fixtures loaded")
        } catch {
            let problem = try #require(error.problems.first { $0.path == "$.faults[0]" }, "\(error)")
            #expect(problem.file == "catalog/platform.json")
            #expect(problem.line != nil)
            #expect(problem.message.contains("outside the window of city-lights"), "\(problem.message)")
        }
    }
}
