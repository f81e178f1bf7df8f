import Exposure
import Foundation
import MockPlatform
import MockPlatformTesting
import SQLiteStore
import TestSupport
import Testing

/// `exposure download` as people run it: a download killed with SIGKILL comes back Suspended,
/// resumes without refetching what it had, and ends verified and reported to the backend.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(3))) struct DownloadCommandEndToEndTests {
    @Test func aKilledDownloadResumesWithoutRefetchingAndEndsVerified() async throws {
        let session = try await LoggedInCLI(name: "download")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let arguments = ["download", "harbour-tales-s1e1", "--audio", "en", "--subtitles", "en", "--json"]
        // Media answers stop after 1,000 of the package's 1,980 files: the download cannot end
        // before the kill, however fast or slow the machine.
        try session.holdMedia(after: 1_000)
        let child = try session.start(arguments)
        let output = await child.readOutput { Self.percent(in: $0) >= 40 }
        let ending = await child.end(with: SIGKILL)
        #expect(ending == .signaled(SIGKILL), "\(output)")
        session.mock.platform.removeFaults()

        let killed = try await session.listed()
        #expect(killed["state"] as? String == "suspended")
        let bytesAtKill = try #require(killed["completedBytes"] as? Int64)
        #expect(bytesAtKill > 0)
        #expect(
            session.mock.platform.downloads(accountId: "acc-premium").allSatisfy { $0.kind != .download },
            "not reported before it is complete")

        let resumed = try await session.run(Array(arguments.dropLast()))
        #expect(resumed.status == 0, "\(resumed.errors)")
        #expect(resumed.output.contains("Downloaded harbour-tales-s1e1"))
        let done = try await session.listed()
        // Each file was fetched once, except those lost at the kill: in flight or fetched but not
        // yet stored, at most two per connection (four connections).
        let files = try session.packageFiles(master: try #require(done["masterPlaylist"] as? String)).count
        #expect(files > 100 && session.mediaFetches() - files <= 8, "\(session.mediaFetches()) fetches for \(files) files")
        #expect(done["state"] as? String == "downloaded" && done["percent"] as? Double == 100)
        #expect(try #require(done["completedBytes"] as? Int64) >= bytesAtKill)
        #expect(try await session.compareFilesWithTheSource() >= files, "every file on disk has the source's bytes")
        let verify = try await session.run(["download", "verify", "harbour-tales-s1e1"])
        #expect(verify.status == 0 && verify.output.contains("every file matches"), "\(verify.output)\(verify.errors)")
        #expect(session.mock.platform.downloads(accountId: "acc-premium").filter { $0.kind == .download }.count == 1)
    }

    @Test func ctrlCLeavesTheDownloadSuspended() async throws {
        let session = try await LoggedInCLI(name: "download")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        // 300 of its 3,300 files arrive, then the media answers hang: Ctrl-C must suspend a
        // download whose requests are all in flight.
        try session.holdMedia(after: 300)
        let child = try session.start(["download", "harbour-tales-s1e1", "--json"])
        let output = await child.readOutput { Self.percent(in: $0) >= 5 }
        // Listing while another process downloads reads what it stored and changes nothing.
        let during = try await session.listed()
        #expect(during["state"] as? String == "downloading" && (during["completedBytes"] as? Int64 ?? 0) > 0, "\(during)")
        let ending = await child.end(with: SIGINT)
        #expect(ending == .exited(130), "\(output)")
        let listed = try await session.listed()
        #expect(listed["state"] as? String == "suspended" && (listed["completedBytes"] as? Int64 ?? 0) > 0, "\(listed)")
    }

    @Test func aCorruptedFileIsFoundAndRefetchedAlone() async throws {
        let session = try await LoggedInCLI(name: "download")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let download = try await session.run(["download", "behind-the-scenes"])
        #expect(download.status == 0, "\(download.errors)")
        let master = try #require(try await session.listed()["masterPlaylist"] as? String)
        let media = try #require(try session.packageFiles(master: master).first)
        try Data("not the segment".utf8).write(to: media)
        let before = session.mediaFetches()
        let verify = try await session.run(["download", "verify", "behind-the-scenes"])
        #expect(verify.status == 0, "\(verify.errors)")
        #expect(verify.output.contains("1 file(s)") && verify.output.contains("Repaired"), "\(verify.output)")
        #expect(session.mediaFetches() == before + 1)
        let again = try await session.run(["download", "verify", "behind-the-scenes"])
        #expect(again.output.contains("every file matches"), "\(again.output)")
    }

    @Test func deleteFreesTheDownloadCountOnTheBackend() async throws {
        // The 90-second clip, allowed one download per account.
        let fixtures = try FixtureSandbox()
        try fixtures.editJSON("catalog/assets.json") { assets in
            guard case .array(let list) = assets, let clip = list.firstIndex(where: { $0["assetId"] == .string("behind-the-scenes") })
            else {
                Issue.record("no behind-the-scenes in the fixtures")
                return
            }
            assets[clip]["mock"]?["download"]?["maxDownloadCount"] = .integer(1)
        }
        let session = try await LoggedInCLI(name: "download", fixtures: fixtures.directory)
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let download = ["download", "behind-the-scenes"]
        #expect(try await session.run(download).status == 0)
        let deleted = try await session.run(["download", "delete", "behind-the-scenes"])
        #expect(deleted.status == 0, "\(deleted.errors)")
        #expect(try await session.run(["downloads"]).output.contains("No downloads"))
        // One download per account: the second works only because delete released the first.
        let second = try await session.run(download)
        #expect(second.status == 0, "\(second.errors)")
    }

    @Test func aDownloadPlaysToTheEndFromDiskWithoutTheNetwork() async throws {
        let session = try await LoggedInCLI(name: "download")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        #expect(try await session.run(["download", "behind-the-scenes"]).status == 0)
        try await Self.expectPlaysOfflineToTheEnd(session, "behind-the-scenes", speed: 100)
        let missing = try await session.run(["play", "city-lights", "--offline"])
        #expect(missing.status == 1 && missing.errors.contains("not downloaded"), "\(missing.errors)")
    }

    @Test func anEncryptedDownloadPlaysFromDiskWithItsKeyFromTheDownloadIndex() async throws {
        let session = try await LoggedInCLI(name: "download")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let download = try await session.run(["download", "harbour-tales-s1e3", "--bitrate", "1", "--audio", "en"])
        #expect(download.status == 0, "\(download.errors)")
        let keys = session.mock.platform.requests(pathPrefix: "/keys/").map(\.status)
        #expect(keys == [200], "the key fetched once, with the play token")
        // No key request either: the key comes from offline.sqlite.
        try await Self.expectPlaysOfflineToTheEnd(session, "harbour-tales-s1e3", speed: 1000)
    }

    /// `play ASSET_ID --offline` plays to the end, and nothing but analytics reaches the
    /// backend: no entitlement, no playlist, no segment, no key.
    private static func expectPlaysOfflineToTheEnd(_ session: LoggedInCLI, _ assetId: String, speed: Int) async throws {
        let before = session.mock.platform.requests().count
        let play = try await session.run(["play", assetId, "--offline", "--speed", "\(speed)", "--json"])
        #expect(play.status == 0, "\(play.errors)")
        #expect(play.output.contains("playbackStarted") && play.output.contains("playbackCompleted"), "\(play.output)")
        let during = session.mock.platform.requests().dropFirst(before)
        #expect(during.allSatisfy { $0.path.contains("eventsink") }, "\(during.map(\.path))")
    }

    @Test func unknownActionsAndMissingDownloadsAreExplained() async throws {
        let session = try await LoggedInCLI(name: "download")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let unknown = try await session.run(["download", "pause", "city-lights"])
        #expect(unknown.status == 2 && unknown.errors.contains("unknown action 'pause'"))
        let resume = try await session.run(["download", "resume", "city-lights"])
        #expect(resume.status == 1 && resume.errors.contains("no download to resume"))
        let notEntitled = try await session.run(["download", "news-24"])
        #expect(notEntitled.status == 1 && !notEntitled.errors.isEmpty)
    }

    /// The `percent` of one `--json` progress line; -1 for any other line.
    private static func percent(in line: Substring) -> Int {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["percent"] as? Int ?? -1
    }
}

extension LoggedInCLI {
    /// `exposure downloads --json`, the one download it lists.
    func listed() async throws -> [String: Any] {
        let run = try await run(["downloads", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let body = try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        return try #require((body["downloads"] as? [[String: Any]])?.first)
    }

    /// Lets `count` media GETs through, then holds every later one unanswered (for ten minutes,
    /// or until the mock stops) while the rule is in force.
    func holdMedia(after count: Int) throws {
        try mock.platform.inject(FaultRule(method: "GET", path: "^/media/", delay: .seconds(600), after: count))
    }

    /// GETs of media (not the API, not playlists) the mock answered in full.
    func mediaFetches() -> Int {
        mock.platform.requests(method: "GET")
            .filter { !$0.path.hasPrefix("/v") && !$0.path.hasPrefix("/_mock") && !$0.path.hasSuffix(".m3u8") && $0.status == 200 }
            .count
    }

    /// Compares every file of the package with what the mock serves at its URL (the
    /// downloader's index names both); returns how many files were compared.
    func compareFilesWithTheSource() async throws -> Int {
        let media = folder.appendingPathComponent("exposure/downloads/media")
        let index = try SQLiteDatabase(path: media.appendingPathComponent("downloads.sqlite").path)
        let rows = try index.access { (db) throws(SQLiteError) in
            try db.query("SELECT d.folder, f.path, f.url FROM files f JOIN downloads d ON d.id = f.download_id")
        }
        var sources: [URL: Data] = [:]
        for row in rows {
            let (package, path, url) = (
                try #require(row.text(0)), try #require(row.text(1)), try #require(row.text(2).flatMap(URL.init(string:)))
            )
            if sources[url] == nil {
                sources[url] = try await AutomaticTransport.shared.send(TransportRequest(method: .get, url: url)).body
            }
            let local = try Data(contentsOf: media.appendingPathComponent(package).appendingPathComponent(path))
            #expect(local == sources[url], "\(path) differs from \(url)")
        }
        return rows.count
    }

    /// The media files of the package whose master playlist is at `path`.
    func packageFiles(master path: String) throws -> [URL] {
        let package = URL(fileURLWithPath: path).deletingLastPathComponent()
        return
            (FileManager.default.enumerator(at: package, includingPropertiesForKeys: [.isRegularFileKey])?.compactMap { $0 as? URL } ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true && $0.pathExtension != "m3u8" }
    }
}
