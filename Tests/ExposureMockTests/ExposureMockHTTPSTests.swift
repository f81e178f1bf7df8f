import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The built `exposure-mock` serving HTTPS as a developer runs it: the development CA made in
/// the data folder and its path printed, curl trusting it with `--cacert` (and refused without),
/// HTTP and HTTPS at once, and the ways it refuses to start.
@Suite(.onItsOwnQueue) struct ExposureMockHTTPSTests {
    let mock = BuiltExecutable("exposure-mock")

    @Test func tlsServesHTTPSWithADevelopmentCAMadeInTheDataFolder() async throws {
        let data = TemporaryFolder("mock-https-data")
        let process = try BackgroundProcess(
            mock.url, ["--tls", "--port=0", "--log-level=quiet"], environment: ["XDG_DATA_HOME": data.url.path])
        let banner = await process.readOutput { $0.contains("Press Ctrl-C") }
        let base = try #require(banner.firstMatch(of: /listening on (https:\/\/127\.0\.0\.1:\d+)\n/)?.1).description
        let ca = data.url.appendingPathComponent("exposure-mock/tls/ca.pem").path
        #expect(banner.contains("trust\n    \(ca)\n"), "\(banner)")
        #expect(banner.contains("curl --cacert \(ca) -s \(base)/v1/"), "the Try lines trust it too")

        let time = "\(base)/v1/customer/Sandbox/businessunit/Dev/time"
        let trusted = try await curl(["--cacert", ca, time])
        #expect(trusted.status == 0 && trusted.output.contains("epochMillis"), "\(trusted.errors)")
        let untrusted = try await curl([time])
        #expect(untrusted.status == 60, "\(untrusted.errors)")
        process.send(SIGTERM)
        #expect(await process.end(with: nil) == .exited(0))
    }

    @Test func portAndTLSPortServeHTTPAndHTTPSAtOnce() async throws {
        let data = TemporaryFolder("mock-https-data")
        let process = try BackgroundProcess(
            URL(fileURLWithPath: "/bin/sh"), ["-c", #"exec "$0" "$@" 2>&1"#, mock.url.path, "--port=0", "--log-format=json"],
            environment: ["XDG_DATA_HOME": data.url.path, "EXPOSURE_MOCK_TLS_PORT": "0"])
        let started = await process.readOutput { $0.contains("Press Ctrl-C") }
        let line = try #require(started.split(separator: "\n").first { $0.contains(#""event":"start""#) })
        let start = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let urls = try #require(start["urls"] as? [String])
        #expect(urls.count == 3 && urls[0].hasPrefix("http://127.0.0.1:") && urls[1].hasPrefix("https://127.0.0.1:"), "\(urls)")
        #expect(urls[2] == urls[0] + "/_mock/")
        #expect(started.contains("listening on \(urls[0]) and \(urls[1])"))
        let ca = data.url.appendingPathComponent("exposure-mock/tls/ca.pem").path
        for base in urls.prefix(2) {
            let answer = try await curl(["--cacert", ca, "\(base)/v1/customer/Sandbox/businessunit/Dev/time"])
            #expect(answer.status == 0 && answer.output.contains("epochMillis"), "\(base): \(answer.errors)")
        }
    }

    @Test func anUnreadableCertificateIsRefusedBeforeAnythingStarts() async throws {
        let result = try await mock.run(["--port=0", "--tls-cert", "/nonexistent/cert.pem", "--tls-key", "/nonexistent/key.pem"])
        #expect(result.status == 2 && result.output.isEmpty)
        #expect(
            result.errors
                == "exposure-mock: --tls-cert: cannot read /nonexistent/cert.pem (No such file or directory); run exposure-mock --help for usage\n"
        )
    }

    @Test func aDataFolderWhereNoCACanBeMadeIsExit73NamingIt() async throws {
        let data = TemporaryFolder("mock-https-data")
        try Data().write(to: data.url)  // a file where the data folder should be
        let result = try await mock.run(["--tls", "--port=0"], environment: ["XDG_DATA_HOME": data.url.path])
        #expect(result.status == 73)
        #expect(
            result.errors.hasPrefix(
                "exposure-mock: cannot serve HTTPS: the development certificate authority in \(data.url.path)/exposure-mock/tls: "),
            "\(result.errors)")
    }

    private func curl(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/curl"), ["-sS", "--noproxy", "*", "--max-time", "60"] + arguments)
    }
}
