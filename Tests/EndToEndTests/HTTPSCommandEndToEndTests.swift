import Foundation
import MockPlatform
import MockPlatformTesting
import TestSupport
import Testing

/// The `exposure` CLI against the mock over HTTPS: `--ca-file` (or `EXPOSURE_CA_FILE`) trusts
/// its development CA; without it the one-line error says the certificate is not trusted and how
/// to fix that; a CA file that cannot be used is a usage error naming it.
@Suite struct HTTPSCommandEndToEndTests {
    let exposure = BuiltExecutable("exposure")

    @Test func caFileTrustsTheMocksCertificateAuthority() async throws {
        let platform = try await MockPlatform.start(https: true)
        defer { platform.stop() }
        let ca = MockPlatform.testingCertificateAuthority.certificateFile.path
        let flag = try await exposure.run(["time", "--base-url", platform.baseURL, "--ca-file", ca])
        #expect(flag.status == 0, "\(flag.errors)")
        let variable = try await exposure.run(["time", "--base-url", platform.baseURL], environment: ["EXPOSURE_CA_FILE": ca])
        #expect(variable.status == 0 && !variable.output.isEmpty, "\(variable.errors)")
    }

    /// `exposure validate` fetches a stream with the transport every command gets, so
    /// `--ca-file` trusts an HTTPS mock's playlists as it does its API; without it each fetch
    /// fails on the certificate.
    @Test func validateTrustsTheCAFileToo() async throws {
        let platform = try await MockPlatform.start(https: true)
        defer { platform.stop() }
        let master = "\(platform.baseURL)/streams/vod/arctic-journey/default/master.m3u8"
        let ca = MockPlatform.testingCertificateAuthority.certificateFile.path
        let trusted = try await exposure.run(["validate", master, "--no-reload", "--ca-file", ca])
        #expect(trusted.status == 0, "\(trusted.output) \(trusted.errors)")
        #expect(trusted.output.contains("0 violation(s), 0 fetch failure(s)"), "\(trusted.output)")
        let untrusted = try await exposure.run(["validate", master, "--no-reload"])
        #expect(untrusted.status == 1)
        #expect(untrusted.output.hasPrefix("FETCH \(master): "), "\(untrusted.output)")
    }

    @Test func anUntrustedServerIsOneLineWithTheWayOut() async throws {
        let platform = try await MockPlatform.start(https: true)
        defer { platform.stop() }
        let run = try await exposure.run(["time", "--base-url", platform.baseURL])
        #expect(run.status == 1)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1, "\(run.errors)")
        #expect(run.errors.contains("\(platform.baseURL): the server's certificate is not trusted"), "\(run.errors)")
        #expect(run.errors.contains("pass the certificate authority that signed it with --ca-file FILE"), "\(run.errors)")
    }

    @Test func aCAFileThatCannotBeUsedIsAUsageErrorNamingIt() async throws {
        let missing = try await exposure.run(["time", "--base-url", "https://127.0.0.1:9", "--ca-file", "/nonexistent/ca.pem"])
        #expect(missing.status == 2)
        #expect(missing.errors.hasPrefix("exposure time: --ca-file: cannot read /nonexistent/ca.pem"), "\(missing.errors)")
        let notPEM = try await exposure.run(
            ["time", "--base-url", "https://127.0.0.1:9"], environment: ["EXPOSURE_CA_FILE": "/etc/hostname"])
        #expect(notPEM.status == 2)
        #expect(notPEM.errors.hasPrefix("exposure time: EXPOSURE_CA_FILE: /etc/hostname holds no PEM certificate"), "\(notPEM.errors)")
    }
}
