import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// Shell completion made from the command table, `--verbose` with credentials redacted, and the
/// backend from `EXPOSURE_BASE_URL`.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(2))) struct CommandLineConveniencesEndToEndTests {
    @Test func bashCompletesCommandsActionsAndOptions() async throws {
        let script = try await BuiltExecutable("exposure").run(["completion", "bash"])
        #expect(script.status == 0, "\(script.errors)")
        let folder = TemporaryFolder("completion")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let file = folder.url.appendingPathComponent("exposure.bash")
        try Data(script.output.utf8).write(to: file)
        let probe = """
            source "$0"
            complete_words() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _exposure; echo "${COMPREPLY[*]}"; }
            complete_words exposure pl
            complete_words exposure play --sec
            complete_words exposure download ver
            complete_words exposure completion f
            """
        let run = try await ChildProcess.run(URL(fileURLWithPath: "/bin/bash"), ["-c", probe, file.path])
        #expect(run.output == "play\n--seconds\nverify\nfish\n", "\(run.output)\(run.errors)")
    }

    @Test(arguments: ["zsh", "fish"])
    func otherShellsGetEveryCommandAndOption(_ shell: String) async throws {
        let script = try await BuiltExecutable("exposure").run(["completion", shell])
        #expect(script.status == 0, "\(script.errors)")
        for word in ["login", "play", "download", "validate", "completion", "seconds", "remember-me", "base-url"] {
            #expect(script.output.contains(word), "\(word) missing from the \(shell) script")
        }
        let unknown = try await BuiltExecutable("exposure").run(["completion", "tcsh"])
        #expect(unknown.status == 2 && unknown.errors.contains("'tcsh'"), "\(unknown.errors)")
    }

    @Test func verboseShowsTheExchangesWithoutTheToken() async throws {
        let session = try await LoggedInCLI(name: "verbose")
        defer { try? FileManager.default.removeItem(at: session.folder) }
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: session.folder.appendingPathComponent("exposure/session.json")))
        let token = try #require((saved as? [String: Any])?["sessionToken"] as? String)
        let run = try await session.run(["whoami", "--verbose"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(
            run.errors.contains("> GET \(session.mock.platform.baseURL)/v2/customer/Sandbox/businessunit/Dev/auth/session"), "\(run.errors)"
        )
        #expect(run.errors.contains("> Authorization: Bearer [redacted]") && run.errors.contains("< 200 "), "\(run.errors)")
        #expect(!run.errors.contains(token) && !run.output.contains("> GET"))
    }

    @Test func theBackendComesFromExposureBaseURL() async throws {
        let mock = try RunningPlatform()
        let folder = TemporaryFolder("base-url")
        let run = try await BuiltExecutable("exposure").run(
            ["time"], environment: ["EXPOSURE_BASE_URL": mock.platform.baseURL, "XDG_CONFIG_HOME": folder.url.path])
        #expect(run.status == 0 && run.output.contains("Epoch ms"), "\(run.errors)")
    }
}
