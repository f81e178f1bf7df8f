import Foundation
import MockPlatform
import MockPlatformTesting
import Testing
import TestSupport

/// `exposure download` as people run it: a download killed with SIGKILL comes back Suspended,
/// resumes without refetching what it had, and ends verified and reported to the backend.
@Suite(.timeLimit(.minutes(3))) struct DownloadCommandEndToEndTests {
    struct LoggedIn {
        let mock: RunningPlatform
        let folder: URL
        let cli = BuiltExecutable("exposure")

        init() async throws {
            mock = try RunningPlatform()
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("exposure-download-\(UUID().uuidString)")
            let login = try await cli.run(["login", "premium", "sandbox", "--base-url", mock.platform.baseURL], environment: environment)
            #expect(login.status == 0, "\(login.errors)")
        }

        /// The session file, the download folder and the analytics outbox live in the test's own folder.
        var environment: [String: String] { ["XDG_CONFIG_HOME": folder.path, "XDG_DATA_HOME": folder.path] }

        func run(_ arguments: [String]) async throws -> ChildProcess.Result {
            try await cli.run(arguments, environment: environment)
        }

        /// `exposure downloads --json`, the one download it lists.
        func listed() async throws -> [String: Any] {
            let run = try await run(["downloads", "--json"])
            #expect(run.status == 0, "\(run.errors)")
            let body = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
            return try #require((body["downloads"] as? [[String: Any]])?.first)
        }

        /// GETs of media (not the API, not playlists) the mock answered, by path.
        func mediaFetches() -> [String: Int] {
            mock.platform.requests(method: "GET")
                .filter { !$0.path.hasPrefix("/v") && !$0.path.hasPrefix("/_mock") && !$0.path.hasSuffix(".m3u8") && $0.status == 200 }
                .reduce(into: [:]) { $0[$1.path + "?" + $1.query, default: 0] += 1 }
        }
    }

    @Test func aKilledDownloadResumesWithoutRefetchingAndEndsVerified() async throws {
        let session = try await LoggedIn()
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let arguments = ["download", "harbour-tales-s1e1", "--audio", "en", "--subtitles", "en", "--json"]
        let child = try BackgroundProcess(session.cli.url, arguments, environment: session.environment)
        let output = try await offThePool { child.readOutput { Self.percents(in: $0).contains { $0 >= 40 } } }
        let ending = try await offThePool { child.end(with: SIGKILL) }
        #expect(ending == .signaled(SIGKILL), "\(output)")

        let killed = try await session.listed()
        #expect(killed["state"] as? String == "suspended")
        let bytesAtKill = try #require(killed["completedBytes"] as? Int64)
        #expect(bytesAtKill > 0)
        #expect(session.mock.platform.downloads(accountId: "acc-premium").allSatisfy { $0.kind != .download }, "not reported before it is complete")

        let resumed = try await session.run(Array(arguments.dropLast()))
        #expect(resumed.status == 0, "\(resumed.errors)")
        #expect(resumed.output.contains("Downloaded harbour-tales-s1e1"))
        // Each file was fetched once, except those in flight at the kill: at most one per connection.
        let repeated = session.mediaFetches().values.filter { $0 > 1 }
        #expect(repeated.count <= 4 && repeated.allSatisfy { $0 == 2 }, "\(repeated.count) files fetched again")

        let done = try await session.listed()
        #expect(done["state"] as? String == "downloaded" && done["percent"] as? Double == 100)
        #expect(try #require(done["completedBytes"] as? Int64) >= bytesAtKill)
        let verify = try await session.run(["download", "verify", "harbour-tales-s1e1"])
        #expect(verify.status == 0 && verify.output.contains("every file matches"), "\(verify.output)\(verify.errors)")
        #expect(session.mock.platform.downloads(accountId: "acc-premium").filter { $0.kind == .download }.count == 1)
    }

    @Test func aCorruptedFileIsFoundAndRefetchedAlone() async throws {
        let session = try await LoggedIn()
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let download = try await session.run(["download", "behind-the-scenes"])
        #expect(download.status == 0, "\(download.errors)")
        let master = try #require(try await session.listed()["masterPlaylist"] as? String)
        let package = URL(fileURLWithPath: master).deletingLastPathComponent()
        let media = try #require(FileManager.default.enumerator(at: package, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.first { !$0.pathExtension.contains("m3u8") && !$0.hasDirectoryPath && $0.pathExtension != "" })
        try Data("not the segment".utf8).write(to: media)
        let before = session.mediaFetches().values.reduce(0, +)
        let verify = try await session.run(["download", "verify", "behind-the-scenes"])
        #expect(verify.status == 0, "\(verify.errors)")
        #expect(verify.output.contains("1 file(s)") && verify.output.contains("Repaired"), "\(verify.output)")
        #expect(session.mediaFetches().values.reduce(0, +) == before + 1)
        let again = try await session.run(["download", "verify", "behind-the-scenes"])
        #expect(again.output.contains("every file matches"), "\(again.output)")
    }

    @Test func deleteFreesTheDownloadCountOnTheBackend() async throws {
        let session = try await LoggedIn()
        defer { try? FileManager.default.removeItem(at: session.folder) }
        #expect(try await session.run(["download", "city-lights"]).status == 0)
        let deleted = try await session.run(["download", "delete", "city-lights"])
        #expect(deleted.status == 0, "\(deleted.errors)")
        #expect(try await session.run(["downloads"]).output.contains("No downloads"))
        // city-lights allows one download per account: the second works only because delete released the first.
        let second = try await session.run(["download", "city-lights"])
        #expect(second.status == 0, "\(second.errors)")
    }

    @Test func unknownActionsAndMissingDownloadsAreExplained() async throws {
        let session = try await LoggedIn()
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let unknown = try await session.run(["download", "pause", "city-lights"])
        #expect(unknown.status == 2 && unknown.errors.contains("unknown action 'pause'"))
        let resume = try await session.run(["download", "resume", "city-lights"])
        #expect(resume.status == 1 && resume.errors.contains("no download to resume"))
        let notEntitled = try await session.run(["download", "news-24"])
        #expect(notEntitled.status == 1 && !notEntitled.errors.isEmpty)
    }

    private static func percents(in output: String) -> [Int] {
        output.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["percent"] as? Int
        }
    }
}
