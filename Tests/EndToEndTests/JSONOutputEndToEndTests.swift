import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// `--json` as scripts read it: every command prints JSON Lines on standard output (one compact
/// object per line, nothing else), numbers as numbers, and a failure is one JSON object on
/// standard error carrying the server's `httpCode` and `message`.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(3))) struct JSONOutputEndToEndTests {
    @Test func everyCommandPrintsJSONLines() async throws {
        let session = try await LoggedInCLI(name: "json")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let entitlement = try await session.lines(["entitlement", "behind-the-scenes"])
        let formats = try #require(entitlement.first?["formats"] as? [[String: Any]])
        let stream = try #require(formats.compactMap { $0["mediaLocator"] as? String }.first { $0.contains(".m3u8") })
        let commands: [[String]] = [
            ["login", "premium", "sandbox"], ["whoami"], ["assets", "--page-size", "3"], ["asset", "city-lights"], ["epg", "news-24"],
            ["time"], ["download", "behind-the-scenes"], ["download", "behind-the-scenes"], ["downloads"],
            ["download", "verify", "behind-the-scenes"], ["download", "renew", "behind-the-scenes"],
            ["download", "delete", "behind-the-scenes"], ["analytics"], ["validate", stream, "--no-reload"], ["completion", "fish"]
        ]
        for command in commands {
            let objects = try await session.lines(command)
            #expect(!objects.isEmpty, "\(command)")
            if command.starts(with: ["download", "renew"]) {
                #expect(objects.first?["licenseExpiryMs"] is NSNumber, "the new expiry as a number: \(objects)")
            }
        }
        let play = try await session.lines(["play", "behind-the-scenes", "--seconds", "5", "--speed", "100"])
        let bitrates = play.compactMap { ($0["details"] as? [String: Any])?["bitrate"] }
        #expect(!bitrates.isEmpty && bitrates.allSatisfy { $0 is NSNumber }, "\(bitrates)")
        #expect(play.allSatisfy { $0["positionMs"] is NSNumber })
        #expect(try await session.lines(["logout"]).first?["loggedOut"] as? Bool == true)
    }

    @Test func failuresAreOneJSONObjectOnStandardError() async throws {
        let session = try await LoggedInCLI(name: "json")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let missing = try await session.run(["asset", "nope", "--json"])
        #expect(missing.status == 1 && missing.output.isEmpty)
        let error = try Self.object(missing.errors)
        #expect(error["httpCode"] as? Int == 404 && error["message"] as? String == "UNKNOWN_ASSET", "\(missing.errors)")
        #expect(error["exitStatus"] as? Int == 1)

        let usage = try await session.run(["assets", "--type", "FOO", "--json"])
        #expect(usage.status == 2 && usage.output.isEmpty)
        let refusal = try Self.object(usage.errors)
        #expect((refusal["error"] as? String)?.contains("'FOO'") == true && refusal["httpCode"] == nil, "\(usage.errors)")
    }

    /// The one JSON object of `text`, which must be one line.
    static func object(_ text: String) throws -> [String: Any] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines.last == "", "one line: \(text)")
        return try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any], "\(text)")
    }
}

extension LoggedInCLI {
    /// Runs `arguments` with `--json`, expecting success, and parses every line of standard
    /// output as one JSON object.
    func lines(_ arguments: [String]) async throws -> [[String: Any]] {
        let run = try await run(arguments + ["--json"])
        #expect(run.status == 0, "\(arguments): \(run.errors)")
        #expect(run.output.isEmpty || run.output.hasSuffix("\n"))
        return try run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
            try #require(
                JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(arguments): not one JSON object: \(line)")
        }
    }
}
