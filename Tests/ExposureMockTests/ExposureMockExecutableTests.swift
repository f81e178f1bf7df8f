import Clocks
import ExposureModels
import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The built `exposure-mock` (and `exposure --version`) as people run them: version, help,
/// mistakes, a busy port, missing fixtures, and the log on standard error.
@Suite(.onItsOwnQueue) struct ExposureMockExecutableTests {
    let mock = BuiltExecutable("exposure-mock")

    @Test func bothToolsPrintTheirVersionOnOneLine() async throws {
        for (tool, name) in [(mock, "exposure-mock"), (BuiltExecutable("exposure"), "exposure")] {
            let result = try await tool.run(["--version"])
            #expect(result.status == 0)
            #expect(result.output == "\(name) \(ProductVersion.number) (git \(ProductVersion.commit))\n")
        }
        #expect(ProductVersion.number.split(separator: ".").count == 3)
    }

    @Test func helpGoesToStandardOutputAndMistakesToStandardErrorWithStatus2() async throws {
        let help = try await mock.run(["--help"])
        #expect(help.status == 0 && help.errors.isEmpty)
        #expect(help.output.contains("--port N") && help.output.contains("EXPOSURE_MOCK_PORT=N"))

        let unknown = try await mock.run(["--prot=8080"])
        #expect(unknown.status == 2 && unknown.output.isEmpty)
        #expect(unknown.errors == "exposure-mock: unknown argument --prot=8080; run exposure-mock --help for usage\n")

        let badVariable = try await mock.run(["--check-fixtures"], environment: ["EXPOSURE_MOCK_LOG_FORMAT": "xml"])
        #expect(badVariable.status == 2)
        #expect(badVariable.errors.hasPrefix("exposure-mock: EXPOSURE_MOCK_LOG_FORMAT takes text or json, not xml"))

        let badHost = try await mock.run(["--host=localhost", "--port=0"])
        #expect(badHost.status == 2)
        #expect(badHost.errors.hasPrefix("exposure-mock: --host (EXPOSURE_MOCK_HOST) takes a numeric IP address"))
    }

    @Test func aPortInUseIsNamedWithTheWayOut() async throws {
        let holder = try await MockPlatform.start()
        defer { holder.stop() }
        let result = try await mock.run(["--port=\(holder.port)"])
        #expect(result.status == 69)
        #expect(result.errors.contains("port \(holder.port) on 127.0.0.1 is already in use"), "\(result.errors)")
        #expect(result.errors.contains("--port 0"))
        #expect(!result.errors.contains("port 0:"), "not libmicrohttpd's 'Failed to bind to port 0'")
    }

    @Test func noFixturesFoundNamesWhereItLookedAndHowToPassThem() async throws {
        let folder = TemporaryFolder("no-fixtures")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let result = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", #"cd "$1" && exec "$0" --check-fixtures"#, mock.url.path, folder.url.path])
        #expect(result.status == 2)
        #expect(result.errors.contains("no fixtures found (looked in "))
        #expect(result.errors.contains(folder.url.appendingPathComponent("Fixtures").path))
        #expect(result.errors.contains("pass --fixtures DIR or set EXPOSURE_MOCK_FIXTURES=DIR"))

        let named = try await mock.run(["--fixtures", folder.url.appendingPathComponent("nope").path])
        #expect(named.status == 2 && named.errors.contains("--fixtures: no fixtures folder at \(folder.url.path)/nope"))
    }

    @Test func theLogHasStartRequestAndStopLinesOnStandardError() async throws {
        // Standard error joined to standard output, where the test reads.
        let url = mock.url
        let process = try BackgroundProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", #"exec "$0" "$@" 2>&1"#, url.path, "--port=0", "--log-format", "json"],
            environment: ["EXPOSURE_MOCK_LOG_LEVEL": "info"])
        let started = await process.readOutput { $0.contains("Press Ctrl-C") }
        let lines = started.split(separator: "\n").filter { $0.hasPrefix("{") }
        let start = try #require(try lines.first.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? nil)
        #expect(start["event"] as? String == "start" && start["level"] as? String == "info")
        let base = try #require((start["urls"] as? [String])?.first)
        #expect(base.hasPrefix("http://127.0.0.1:"))

        let health = try await MockPlatformAdminClient(baseURL: base).health()
        #expect(health.version == ProductVersion.number && health.schemes == ["http"])
        let requestLine = await process.readOutput { $0.contains(#""event":"request""#) }
        let request = try #require(
            try JSONSerialization.jsonObject(with: Data(requestLine.split(separator: "\n").last!.utf8)) as? [String: Any])
        #expect(request["method"] as? String == "GET" && request["path"] as? String == "/_mock/health" && request["status"] as? Int == 200)
        #expect((request["requestId"] as? String)?.isEmpty == false && request["bytes"] as? Int ?? 0 > 0)
        #expect((request["time"] as? String).flatMap(ISO8601.milliseconds(from:)) != nil)

        process.send(SIGTERM)
        let rest = await process.readOutput { _ in false }
        #expect(rest.contains(#""event":"stop""#))
        #expect(await process.end(with: SIGKILL) == .exited(0))
    }

    /// `--fixtures` names the catalog only: the dashboard, the OpenAPI document and the fixture
    /// schemas still come from the mock's own data folder (an installed mock serving `~/mine`).
    @Test func withFixturesOfItsOwnTheDashboardAndDocumentsAreStillServed() async throws {
        let sandbox = try FixtureSandbox()
        let process = try BackgroundProcess(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"exec "$0" "$@" 2>&1"#, mock.url.path, "--port=0", "--fixtures", sandbox.directory.path])
        let started = await process.readOutput { $0.contains("Press Ctrl-C") }
        let base = try #require(started.firstMatch(of: /http:\/\/127\.0\.0\.1:[0-9]+/).map { String($0.output) })
        let configuration = URLSessionConfiguration.ephemeral
        configuration.connectionProxyDictionary = [:]
        let session = URLSession(configuration: configuration)
        for path in ["/", "/_mock/ui/app.js", "/_mock/openapi.json", "/_mock/schemas/assets.schema.json"] {
            let (_, answer) = try await session.data(from: try #require(URL(string: base + path)))
            #expect((answer as? HTTPURLResponse)?.statusCode == 200, "\(path)")
        }
        process.send(SIGTERM)
        _ = await process.readOutput { _ in false }
        #expect(await process.end(with: SIGKILL) == .exited(0))
    }
}
