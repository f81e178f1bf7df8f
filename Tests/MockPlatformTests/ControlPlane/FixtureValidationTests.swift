import ExposureModels
import Foundation
import MockPlatformTesting
import TestSupport
import Testing

/// Broken fixture directories: each problem is reported with its file, JSON path and a sentence,
/// all problems at once, and the mock refuses them instead of serving half a catalog.
@Suite struct FixtureValidationTests {
    /// One way to break the bundled fixtures, and the problem it must produce.
    struct Breakage: Sendable, CustomTestStringConvertible {
        let name: String
        let file: String
        let edit: @Sendable (inout JSONValue) -> Void
        let expectedPath: String
        let expectedWords: String
        var testDescription: String { name }
    }

    static let breakages: [Breakage] = [
        Breakage(
            name: "bookmark of an unknown asset", file: "catalog/users.json",
            edit: { $0[0]["bookmarks"]?["no-such-asset"] = .integer(5) }, expectedPath: "$[0].bookmarks.no-such-asset",
            expectedWords: "unknown asset"),
        Breakage(
            name: "misspelt key", file: "catalog/users.json",
            edit: { $0[1]["concurentStreamsLimit"] = .integer(2) }, expectedPath: "$[1].concurentStreamsLimit", expectedWords: "spelling"),
        Breakage(
            name: "missing required key", file: "catalog/users.json",
            edit: { $0[0]["password"] = nil }, expectedPath: "$[0]", expectedWords: "\"password\" is missing"),
        Breakage(
            name: "publication ending before it starts", file: "catalog/assets.json",
            edit: { $0[0]["publications"]?[0]["toDate"] = .string("2019-01-01T00:00:00.000Z") },
            expectedPath: "$[0].publications[0].toDate", expectedWords: "before"),
        Breakage(
            name: "bad date", file: "catalog/assets.json",
            edit: { $0[1]["publications"]?[0]["fromDate"] = .string("2020-13-01") },
            expectedPath: "$[1].publications[0].fromDate", expectedWords: "ISO-8601"),
        Breakage(
            name: "duplicate asset id", file: "catalog/assets.json",
            edit: { $0[1]["assetId"] = .string("arctic-journey") }, expectedPath: "$[1].assetId", expectedWords: "used twice"),
        Breakage(
            name: "unknown ad in SSAI", file: "catalog/assets.json",
            edit: { $0[8]["mock"]?["ssai"]?["preroll"]?[0] = .string("ad-9") }, expectedPath: "$[8].mock.ssai.preroll[0]",
            expectedWords: "not in catalog/ads.json"),
        Breakage(
            name: "zero-length program", file: "catalog/assets.json",
            edit: { $0[12]["mock"]?["channel"]?["schedule"]?[0]["durationMinutes"] = .integer(0) },
            expectedPath: "$[12].mock.channel.schedule[0].durationMinutes", expectedWords: "from 1 to 1440, not 0"),
        // Numbers past what the platform can compute with or serve: each once overflowed or
        // would have built a playlist without end.
        Breakage(
            name: "session lifetime past ten years", file: "catalog/platform.json",
            edit: { $0["sessionLifetimeMinutes"] = .integer(Int64.max) }, expectedPath: "$.sessionLifetimeMinutes",
            expectedWords: "from 1 to 5256000"),
        Breakage(
            name: "VOD title longer than a day", file: "catalog/assets.json",
            edit: { $0[0]["duration"] = .integer(Int64.max) }, expectedPath: "$[0].duration", expectedWords: "from 1 to 86400000"),
        Breakage(
            name: "DVR window longer than a day", file: "catalog/assets.json",
            edit: { $0[12]["mock"]?["channel"]?["dvrWindowMinutes"] = .integer(Int64(Int32.max)) },
            expectedPath: "$[12].mock.channel.dvrWindowMinutes", expectedWords: "from 0 to 1440"),
        Breakage(
            name: "event period past a year", file: "catalog/assets.json",
            edit: { $0[15]["mock"]?["event"]?["periodMinutes"] = .integer(Int64(Int.max)) },
            expectedPath: "$[15].mock.event.periodMinutes", expectedWords: "from 1 to 525600"),
        Breakage(
            name: "channel of the wrong type", file: "catalog/assets.json",
            edit: { $0[12]["type"] = .string("MOVIE") }, expectedPath: "$[12].type", expectedWords: "TV_CHANNEL"),
        Breakage(
            name: "event longer than its period", file: "catalog/assets.json",
            edit: { $0[15]["mock"]?["event"]?["durationMinutes"] = .integer(200) }, expectedPath: "$[15].mock.event",
            expectedWords: "no longer than its period"),
        Breakage(
            name: "material profile without media", file: "catalog/assets.json",
            edit: { $0[0]["mock"]?["materialProfiles"] = .array([.string("TRAILER"), .string("DIRECTORS_CUT")]) },
            expectedPath: "$[0].mock.materialProfiles[1]", expectedWords: "has no media"),
        Breakage(
            name: "episode of an unknown show", file: "catalog/assets.json",
            edit: { $0[3]["tvShowId"] = .string("no-show") }, expectedPath: "$[3].tvShowId", expectedWords: "not in assets.json"),
        Breakage(
            name: "misspelt mock key", file: "catalog/assets.json",
            edit: { $0[8]["mock"]?["ssia"] = .object([:]) }, expectedPath: "$[8].mock.ssia", expectedWords: "spelling"),
        Breakage(
            name: "duplicate ad id", file: "catalog/ads.json",
            edit: { $0[2]["id"] = .string("ad-1") }, expectedPath: "$[2].id", expectedWords: "used twice"),
        Breakage(
            name: "country that is not a code", file: "catalog/platform.json",
            edit: { $0["clientCountry"] = .string("sweden") }, expectedPath: "$.clientCountry", expectedWords: "ISO 3166"),
        Breakage(
            name: "download of a live channel", file: "catalog/assets.json",
            edit: { $0[12]["mock"]?["download"] = .object(["maxDownloadCount": .integer(1), "licenseLifetimeHours": .integer(1)]) },
            expectedPath: "$[12].mock.download", expectedWords: "Only VOD assets"),
        Breakage(
            name: "download limit of zero", file: "catalog/assets.json",
            edit: { $0[0]["mock"]?["download"]?["maxDownloadCount"] = .integer(0) },
            expectedPath: "$[0].mock.download.maxDownloadCount", expectedWords: "at least 1"),
        Breakage(
            name: "post interval in milliseconds", file: "catalog/platform.json",
            edit: { $0["analytics"]?["postInterval"] = .integer(3000) }, expectedPath: "$.analytics.postInterval",
            expectedWords: "in seconds"),
        Breakage(
            name: "fault on an unknown asset", file: "catalog/platform.json",
            edit: { $0["faults"] = .array([.object(["stream": .object(["assetId": .string("no-such")]), "status": .integer(404)])]) },
            expectedPath: "$.faults[0]", expectedWords: "no asset or channel of the catalog"),
        Breakage(
            name: "fault with conflicting actions", file: "catalog/platform.json",
            edit: { $0["faults"] = .array([.object(["path": .string("^/media/"), "drop": .bool(true), "bytesPerSecond": .integer(9)])]) },
            expectedPath: "$.faults[0]", expectedWords: "exclude each other"),
        Breakage(
            name: "misspelt fault key", file: "catalog/platform.json",
            edit: { $0["faults"] = .array([.object(["path": .string("^/media/"), "status": .integer(503), "tmes": .integer(2)])]) },
            expectedPath: "$.faults[0].tmes", expectedWords: "spelling")
    ]

    @Test(arguments: breakages)
    func eachProblemIsReportedWithFileAndPath(_ breakage: Breakage) async throws {
        let fixtures = try controlPlaneFixtures()
        try fixtures.editJSON(breakage.file, breakage.edit)
        let problems = try #require(throwing(from: fixtures.directory))
        let match = problems.first { $0.file == breakage.file && $0.path == breakage.expectedPath }
        #expect(match != nil, "got: \(problems.map(\.description))")
        #expect(match?.message.contains(breakage.expectedWords) == true, "message: \(match?.message ?? "-")")
        #expect(match?.message.hasSuffix(".") == true, "a plain sentence")
    }

    @Test func everyProblemIsReportedAtOnceNotOnlyTheFirst() throws {
        let fixtures = try controlPlaneFixtures()
        try fixtures.editJSON("catalog/assets.json") { assets in
            assets[2]["duration"] = .string("long")  // decoding error in one element…
            assets[5]["live"] = .string("yes")  // …and in another of the same file
        }
        try fixtures.editJSON("catalog/users.json") { users in users[0]["bookmarks"]?["ghost"] = .integer(1) }
        try fixtures.remove("media/media.json")
        let problems = try #require(throwing(from: fixtures.directory))
        let places = Set(problems.map { "\($0.file) \($0.path)" })
        #expect(places.isSuperset(of: ["catalog/assets.json $[2].duration", "catalog/assets.json $[5].live", "media/media.json $"]))
    }

    @Test func theBundledFixturesAreClean() throws {
        let fixtures = try controlPlaneFixtures()
        let problems = throwing(from: fixtures.directory)
        #expect(problems == nil, "\(problems ?? [])")
    }

    @Test func aMockWithBrokenFixturesDoesNotStart() async throws {
        let fixtures = try controlPlaneFixtures()
        try fixtures.editJSON("catalog/ads.json") { $0[0]["id"] = .string("") }
        await #expect(throws: FixtureProblems.self) { try await MockPlatform.start(fixtures: fixtures.directory) }
    }

    @Test(.enabled(if: MockProcess.executable != nil, "needs the exposure-mock executable next to the tests"))
    func checkFixturesFlagPrintsEveryProblemAndFails() async throws {
        let fixtures = try controlPlaneFixtures()
        try fixtures.editJSON("catalog/users.json") { $0[1]["accountId"] = .string("acc-premium") }
        let result = try await BuiltExecutable("exposure-mock").run(["--check-fixtures", "--fixtures", fixtures.directory.path])
        let output = result.errors
        #expect(result.status == 65)
        #expect(output.contains(#"catalog/users.json:"#))
        #expect(output.contains(#" users[1] "basic".accountId: The account id "acc-premium" is used twice."#))
    }

    private func throwing(from directory: URL) -> [FixtureProblem]? {
        do {
            _ = try FixtureLoader.load(from: directory, at: .systemNow)
            return nil
        } catch {
            return error.problems
        }
    }
}
