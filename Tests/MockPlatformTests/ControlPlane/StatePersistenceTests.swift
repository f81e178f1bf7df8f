import ExposureModels
import Foundation
import MockPlatformTesting
import SQLiteStore
import TestSupport
import Testing

@testable import MockPlatform

#if canImport(Glibc)
import Glibc
#endif

/// `--state FILE`: sessions, bookmarks, play sessions and downloads survive a restart — an
/// orderly one, and `kill -9` of a real `exposure-mock` process.
@Suite(.onItsOwnQueue) struct StatePersistenceTests {
    @Test func stateSurvivesARestartOnTheSameFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("state.sqlite")
        var token = ""
        try await withPlatform(state: .file(file)) { platform, client in
            token = try await client.login("basic")
            let sessionId = try #require(try await client.play("city-lights", token: token).body["playSessionId"] as? String)
            _ = try await client.sendEvents([("Playback.Heartbeat", 42_000)], sessionId: sessionId, token: token)
            platform.context.state.record(
                DownloadRecord(
                    accountId: "acc-basic", assetId: "city-lights", kind: .download, deviceId: "d1",
                    time: WallTime(millisecondsSince1970: 5)))
        }
        try await withPlatform(state: .file(file)) { platform, client in
            #expect(try await client.send("GET", client.api("v2", "/auth/session"), token: token).status == 200, "the session survived")
            let offsets = try client.json(
                try await client.send("GET", client.api("v1", "/userplayhistory/lastviewedoffset"), token: token).body)
            #expect((offsets["items"] as? [[String: Any]])?.first?["lastViewedOffset"] as? Int == 42_000)
            #expect(try await client.play("harbour-tales-s1e1", token: token).status == 403, "the play session still holds the slot")
            #expect(platform.context.state.downloads(accountId: "acc-basic", assetId: nil).map(\.deviceId) == ["d1"])
        }
        try await withPlatform { _, client in
            let answer = try await client.send("GET", client.api("v2", "/auth/session"), token: token)
            #expect(answer.status == 401, "in-memory starts clean")
        }
    }

    @Test func aFileFromANewerMockIsRefused() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state.sqlite").path
        _ = try SQLiteState(path: path)
        let raw = try SQLiteDatabase(path: path)
        _ = try raw.access { (db) throws(SQLiteError) in try db.query("INSERT INTO schema_version (version) VALUES (99)") }
        #expect(throws: SQLiteError.self) { try SQLiteState(path: path) }
    }

    @Test func aFileFromAnOlderMockIsMigratedKeepingItsPlaySessions() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state.sqlite").path
        do {
            let version1 = try SQLiteDatabase(path: path)
            try SQLiteMigrations(Array(StateSchema.migrations.steps.prefix(1))).migrate(version1)
            _ = try version1.access { (db) throws(SQLiteError) in
                try db.query(
                    """
                    INSERT INTO play_sessions (id, account_id, asset_id, tracks_bookmark, started_ms, last_seen_ms, token_expires_ms)
                    VALUES ('old', 'acc-basic', 'city-lights', 1, 1, 1, 9999999999999)
                    """)
            }
        }
        let state = try SQLiteState(path: path)
        let old = try #require(state.playSession(id: "old"))
        #expect(old.idleTimeout == .milliseconds(300_000), "sessions written before the post-interval rule keep the five minutes they had")
        #expect(old.isActive(at: WallTime(millisecondsSince1970: 300_000)) && !old.isActive(at: WallTime(millisecondsSince1970: 300_001)))
    }

    @Test(.enabled(if: MockProcess.executable != nil, "needs the exposure-mock executable next to the tests"))
    func nothingCommittedIsLostToKill9() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = try controlPlaneFixtures()
        let state = directory.appendingPathComponent("state.sqlite").path

        let first = try await MockProcess.start(fixtures: fixtures.directory.path, state: state)
        let client = ControlPlaneClient(baseURL: first.baseURL)
        let token = try await client.login("premium")
        let sessionId = try #require(try await client.play("arctic-journey", token: token).body["playSessionId"] as? String)
        #expect(try await client.sendEvents([("Playback.Heartbeat", 1_234_000)], sessionId: sessionId, token: token) == 200)
        // The 200 came after the commit; an admin read confirms the state is there before the kill.
        #expect(try await client.admin.playSessions(accountId: "acc-premium").map(\.playSession.id) == [sessionId])
        await first.kill9()

        let second = try await MockProcess.start(fixtures: fixtures.directory.path, state: state)
        let restarted = ControlPlaneClient(baseURL: second.baseURL)
        let offsets = try restarted.json(
            try await restarted.send(
                "GET", restarted.api("v1", "/userplayhistory/lastviewedoffset?assetIds=arctic-journey"), token: token
            ).body)
        #expect((offsets["items"] as? [[String: Any]])?.first?["lastViewedOffset"] as? Int == 1_234_000)
        #expect(try await restarted.admin.playSessions(accountId: "acc-premium").map(\.playSession.id) == [sessionId])
        // (Were an expectation to throw first, the process is killed as it goes out of scope.)
        await second.kill9()
    }

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("state-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A real `exposure-mock` child process on a free port.
final class MockProcess: Sendable {
    private let process: BackgroundProcess
    let baseURL: String

    /// The executable SwiftPM built next to this test bundle.
    static let executable: URL? = {
        let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("exposure-mock")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    /// Starts the mock and waits for its banner (which names the port).
    static func start(fixtures: String, state: String) async throws -> MockProcess {
        try await MockProcess(fixtures: fixtures, state: state)
    }

    private init(fixtures: String, state: String) async throws {
        guard let executable = Self.executable else { throw MockProcessError(output: "no exposure-mock next to the tests") }
        process = try BackgroundProcess(executable, ["--port", "0", "--fixtures", fixtures, "--state", state, "--log-level", "quiet"])
        let listening = { (banner: String) in banner.split(separator: "\n").first { $0.contains("listening on ") } }
        let banner = await process.readOutput { $0.contains("listening on ") }
        guard let line = listening(banner) else { throw MockProcessError(output: banner) }
        baseURL = String(line.split(separator: " ").last ?? "")
    }

    /// SIGKILL: no handler runs, nothing gets flushed or closed.
    func kill9() async { _ = await process.end(with: SIGKILL) }

    struct MockProcessError: Error { let output: String }
}
