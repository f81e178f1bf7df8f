import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// One folder rule for the SDK and the CLI on Linux: with no XDG variables the session goes to
/// `$HOME/.config/exposure`, the analytics outbox and downloads to `$HOME/.local/share/exposure`
/// — the `HOME` of the process, not the account's passwd home — and `--data-dir` moves the latter.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(2))) struct DataFolderEndToEndTests {
    @Test func everythingGoesUnderHomeOrTheDataDir() async throws {
        let mock = try RunningPlatform()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("exposure-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let dataDir = home.appendingPathComponent("elsewhere")
        func run(_ arguments: [String]) async throws {
            let run = try await ChildProcess.run(
                BuiltExecutable("exposure").url, arguments, environment: ["HOME": home.path],
                removing: ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"])
            #expect(run.status == 0, "\(arguments): \(run.errors)")
        }
        try await run(["login", "premium", "sandbox", "--base-url", mock.platform.baseURL])
        try await run(["play", "behind-the-scenes", "--seconds", "1", "--speed", "100"])
        try await run(["download", "behind-the-scenes"])
        try await run(["play", "behind-the-scenes", "--seconds", "1", "--speed", "100", "--data-dir", dataDir.path])
        let written = Set(
            (FileManager.default.enumerator(atPath: home.path)?.compactMap { $0 as? String } ?? []).filter {
                $0.hasSuffix("session.json") || $0.hasSuffix("analytics.sqlite") || $0.hasSuffix("/downloads")
            })
        #expect(
            written == [
                ".config/exposure/session.json", ".local/share/exposure/analytics.sqlite", ".local/share/exposure/downloads",
                "elsewhere/analytics.sqlite"
            ], "\(written)")
    }
}
