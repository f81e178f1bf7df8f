import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// What the CLI says when something goes wrong, in the user's terms, and how its tables read.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(2))) struct CommandMessagesEndToEndTests {
    @Test func failuresSayWhatReallyHappened() async throws {
        let session = try await LoggedInCLI(name: "messages")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let wrong = try await session.run(["login", "premium", "wrong"])
        #expect(wrong.status == 1)
        #expect(wrong.errors.contains("user name or password is wrong") && !wrong.errors.contains("no longer valid"), "\(wrong.errors)")

        let missing = "\(session.mock.platform.baseURL)/media/nope/master.m3u8"
        let validate = try await session.run(["validate", missing, "--no-reload"])
        #expect(validate.status == 1)
        #expect(
            validate.errors.contains("could not be fetched (HTTP 404)") && !validate.errors.contains("breaks HLS rules"),
            "\(validate.errors)")

        let delete = try await session.run(["download", "delete", "behind-the-scenes"])
        #expect(delete.status == 1)
        #expect(
            delete.errors.contains("behind-the-scenes is not downloaded") && !delete.errors.contains("notDownloaded"), "\(delete.errors)")
    }

    @Test(arguments: [
        (["assets", "--type", "FOO"], ["'FOO'", "MOVIE", "TV_CHANNEL"]),
        (["epg", "news-24", "--date", "2026-13-45"], ["'2026-13-45'"]),
        (["play", "city-lights", "--seconds", "abc"], ["'abc'"]),
        (["play", "city-lights", "--seconds", "99999999999999999999"], ["'99999999999999999999'"]),
        (["play", "city-lights", "--speed", "1e999"], ["'1e999'"]),
        (["play", "city-lights", "--from", "yesterday"], ["'yesterday'", "beginning"]),
        (["time", "--base-url", "localhost:8080"], ["--base-url", "'localhost:8080'"])
    ])
    func badValuesAreUsageErrorsNamingThem(_ arguments: [String], _ named: [String]) async throws {
        let run = try await BuiltExecutable("exposure").run(
            (arguments.contains("--base-url") ? arguments : arguments + ["--base-url", "http://127.0.0.1:9"]))
        #expect(run.status == 2, "\(run.errors)")
        for text in named { #expect(run.errors.contains(text), "\(run.errors)") }
    }

    @Test func tablesFitEightyColumnsAndTheEpgMarksWhatIsOnAir() async throws {
        let session = try await LoggedInCLI(name: "messages")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let assets = try await session.run(["assets"])
        #expect(assets.status == 0, "\(assets.errors)")
        #expect(assets.output.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(assets.output)")
        #expect(!assets.output.contains("\u{1B}"), "no colour in a pipe")
        let epg = try await session.run(["epg", "news-24"])
        #expect(epg.status == 0, "\(epg.errors)")
        let onAir = epg.output.split(separator: "\n").filter { $0.hasPrefix("▶") }
        #expect(onAir.count == 1 && onAir[0].contains("today "), "\(epg.output)")
    }

    @Test func colourOnlyOnATerminalWithoutNoColor() async throws {
        let session = try await LoggedInCLI(name: "messages")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        // `script` runs the CLI on a pseudo-terminal.
        let command = "'\(session.cli.url.path)' assets --page-size 2"
        let coloured = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
            environment: session.environment.merging(["TERM": "xterm"]) { $1 },
            removing: ["NO_COLOR"])
        #expect(coloured.status == 0 && coloured.output.contains("\u{1B}[1m"), "\(coloured.output)")
        let plain = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
            environment: session.environment.merging(["TERM": "xterm", "NO_COLOR": "1"]) { $1 })
        #expect(plain.status == 0 && !plain.output.contains("\u{1B}"), "\(plain.output)")
    }
}
