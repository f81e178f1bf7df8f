import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

@testable import MockPlatform

/// How fixture problems are told: strict JSON with line and column, every problem in one round,
/// each on its line with a path a reader can follow.
@Suite struct FixtureDiagnosticsTests {
    @Test(arguments: [
        ("[1, 2,]", 1, 7, "trailing comma"),
        ("{\n  \"a\": 1,\n}", 3, 1, "trailing comma"),
        ("{\n  \"a\": 1\n  \"b\": 2\n}", 3, 3, "found `\"b\": 2`"),
        ("[01]", 1, 2, "leading zero"),
        ("{'a': 1}", 1, 2, "Expected a key"),
        ("[1] // note", 1, 5, "end of the document"),
        ("[\"open", 1, 7, "end of the file")
    ])
    func notStrictJSONIsRefusedWithItsLineAndColumn(_ text: String, _ line: Int, _ column: Int, _ words: String) {
        #expect(throws: JSONSourceMap.SyntaxError.self) { try JSONSourceMap(mapping: Data(text.utf8)) }
        do {
            _ = try JSONSourceMap(mapping: Data(text.utf8))
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message.contains(words), "\(error.message)")
        }
    }

    /// A hundred thousand brackets would overflow the stack of a parser that recursed into them.
    @Test func nestingPastTheLimitIsRefusedNotRecursedInto() throws {
        let text = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSourceMap.SyntaxError.self) { try JSONSourceMap(mapping: Data(text.utf8)) }
        do {
            _ = try JSONSourceMap(mapping: Data(text.utf8))
        } catch {
            #expect(error.message.contains("Nested deeper than 512 levels"), "\(error.message)")
        }
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(throws: Never.self) { try JSONSourceMap(mapping: Data(deepest.utf8)) }
    }

    @Test func everyValueIsMappedToItsLine() throws {
        let text = "[\n  {\n    \"id\": \"a\",\n    \"list\": [\n      1,\n      {\"x\": null}\n    ]\n  }\n]"
        let map = try JSONSourceMap(mapping: Data(text.utf8))
        #expect(map.line(of: "$") == 1)
        #expect(map.line(of: "$[0]") == 2)
        #expect(map.line(of: "$[0].id") == 3)
        #expect(map.line(of: "$[0].list[1].x") == 6)
        #expect(map.line(of: "$[0].missing") == 2, "a missing key is on its object")
    }

    @Test func aTrailingCommaInAFixtureIsAProblemOnItsLine() throws {
        let fixtures = try controlPlaneFixtures()
        try fixtures.write("catalog/ads.json", "[\n  {\"id\": \"ad-1\"},\n]\n")
        let problems = try #require(loadingProblems(fixtures.directory))
        let problem = try #require(problems.first { $0.file == "catalog/ads.json" })
        #expect(
            problem.description
                == "catalog/ads.json:3 ads: Not valid JSON at column 1: Expected a value after ',' (a trailing comma), found `]`.")
    }

    @Test func problemsAreLocatedByLineAndNamedEntries() throws {
        let fixtures = try controlPlaneFixtures()
        try fixtures.editJSON("catalog/assets.json") { $0[9]["publications"]?[0]["countries"] = .array([.string("SE"), .string("sweden")]) }
        let problems = try #require(loadingProblems(fixtures.directory))
        let problem = try #require(problems.first { $0.path == "$[9].publications[0].countries[1]" })
        #expect(problem.location == "assets[9] \"nordic-noir\".publications[0].countries[1]")
        let lines = try String(contentsOf: fixtures.url(of: "catalog/assets.json"), encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(problem.line)
        #expect(lines[line - 1].contains("\"sweden\""), "line \(line): \(lines[line - 1])")
        #expect(problem.description.hasPrefix("catalog/assets.json:\(line) assets[9] \"nordic-noir\".publications[0].countries[1]: "))
    }

    /// A broken file, a broken entry and a dangling reference elsewhere: all named in one round,
    /// and the entry that did not decode is not reported again as missing.
    @Test func everyProblemOfAFolderIsNamedInOneRound() throws {
        let fixtures = try controlPlaneFixtures()
        try fixtures.write("catalog/platform.json", "{\"customer\": \"Sandbox\",}")
        try fixtures.editJSON("catalog/assets.json") { assets in
            assets[0]["duration"] = .string("long")  // a type error in the entry users bookmark…
            assets[1]["tvShowId"] = .string("no-show")  // …and a dangling reference in another
        }
        try fixtures.editJSON("catalog/users.json") { users in users[1]["bookmarks"] = .object(["ghost": .integer(1)]) }
        let problems = try #require(loadingProblems(fixtures.directory))
        let places = Set(problems.map { "\($0.file) \($0.path)" })
        #expect(
            places == [
                "catalog/platform.json $", "catalog/assets.json $[0].duration", "catalog/assets.json $[1].tvShowId",
                "catalog/users.json $[1].bookmarks.ghost"
            ], "\(problems.map(\.description))")
        #expect(problems.allSatisfy { $0.line != nil })
    }

    /// Reading a file again (what the fixture fuzzer does per input) replaces all it was read as:
    /// its problems, its entries that did not decode and its line map.
    @Test func aFileReadAgainReplacesWhatItWasReadAs() throws {
        let fixtures = try controlPlaneFixtures()
        let good = { (file: String) in FileManager.default.contents(atPath: fixtures.url(of: file).path) }
        var files = FixtureFiles(contents: good)
        #expect(throws: Never.self) { try files.catalog(at: .systemNow) }
        let broken = Data("[\n  {\"assetId\": \"a\",\n   \"duration\": \"long\"}\n]\n".utf8)
        files.read("catalog/assets.json", broken)
        let fresh = FixtureFiles { $0 == "catalog/assets.json" ? broken : good($0) }
        #expect(problems(files) == problems(fresh))
        #expect(problems(files).contains { $0.file == "catalog/assets.json" && $0.path == "$[0].duration" && $0.line == 3 })
        files.read("catalog/assets.json", good("catalog/assets.json"))
        #expect(throws: Never.self) { try files.catalog(at: .systemNow) }
    }

    private func problems(_ files: FixtureFiles) -> [FixtureProblem] {
        do {
            _ = try files.catalog(at: .systemNow)
            return []
        } catch {
            return error.problems
        }
    }

    private func loadingProblems(_ directory: URL) -> [FixtureProblem]? {
        do {
            _ = try FixtureLoader.load(from: directory, at: .systemNow)
            return nil
        } catch {
            return error.problems
        }
    }
}
