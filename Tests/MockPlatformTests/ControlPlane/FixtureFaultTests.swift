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

    @Test func aBrokenFaultIsReportedAtItsFileAndLine() throws {
        let fixtures = try Self.declaring(
            .object(["stream": .object(["assetId": .string("city-lights"), "sequence": .integer(99_999)]), "status": .integer(404)]))
        do {
            _ = try FixtureLoader.load(from: fixtures.directory)
            Issue.record("the fixtures loaded")
        } catch {
            let problem = try #require(error.problems.first { $0.path == "$.faults[0]" }, "\(error)")
            #expect(problem.file == "catalog/platform.json")
            #expect(problem.line != nil)
            #expect(problem.message.contains("outside the window of city-lights"), "\(problem.message)")
        }
    }
}
