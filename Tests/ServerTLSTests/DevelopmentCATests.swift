import Clocks
import Foundation
import ServerTLS
import TestSupport
import Testing

/// The development certificate authority as a developer meets it: made once in its folder and
/// reused, keys private, a server certificate that OpenSSL (as curl and browsers do) accepts for
/// localhost, 127.0.0.1 and ::1, issued anew before it expires, and half an authority refused.
@Suite(.onItsOwnQueue) struct DevelopmentCATests {
    let now = WallTime.systemNow

    @Test func isMadeOnFirstUseThenReused() async throws {
        let folder = TemporaryFolder("development-ca")
        let authority = DevelopmentCA(folder: folder.url.appendingPathComponent("exposure-mock/tls"))
        let first = try authority.serverIdentity(now: now)
        let authorityPEM = try String(contentsOf: authority.certificateFile, encoding: .utf8)
        let second = try authority.serverIdentity(now: now)
        #expect(second == first)
        #expect(try String(contentsOf: authority.certificateFile, encoding: .utf8) == authorityPEM)
        #expect(try String(contentsOf: authority.serverCertificateFile, encoding: .utf8) == first.certificateChain)
        for key in [authority.keyFile, authority.serverKeyFile] {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: key.path)[.posixPermissions] as? Int)
            #expect(mode == 0o600, "\(key.lastPathComponent) is readable by others")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: authority.folder.deletingLastPathComponent().path)
        #expect(left == ["tls"], "no staging folder or temporary file left behind")
    }

    @Test func theServerCertificateIsOneTLSClientsAccept() async throws {
        let folder = TemporaryFolder("development-ca")
        let authority = DevelopmentCA(folder: folder.url)
        _ = try authority.serverIdentity(now: now)
        let ca = authority.certificateFile.path
        let server = authority.serverCertificateFile.path
        let verified = try await openssl(["verify", "-CAfile", ca, "-purpose", "sslserver", server])
        #expect(verified.status == 0, "\(verified.errors)")
        let names = try await openssl([
            "x509", "-in", server, "-noout", "-checkhost", "localhost", "-checkip", "127.0.0.1", "-checkip", "::1"
        ])
        #expect(!names.output.contains("does NOT match"), "\(names.output)")
        let text = try await openssl(["x509", "-in", server, "-noout", "-text"]).output
        #expect(text.contains("TLS Web Server Authentication") && text.contains("CA:FALSE"))
        let authorityText = try await openssl(["x509", "-in", ca, "-noout", "-text"]).output
        #expect(authorityText.contains("CA:TRUE") && authorityText.contains("Certificate Sign"))
        // Apple platforms refuse server certificates valid for more than 825 days.
        let days = try await openssl(["x509", "-in", server, "-noout", "-checkend", "\(826 * 86_400)"])
        #expect(days.output.contains("will expire"))
    }

    @Test func aServerCertificateNearItsEndIsIssuedAnewByTheSameAuthority() async throws {
        let folder = TemporaryFolder("development-ca")
        let authority = DevelopmentCA(folder: folder.url)
        let first = try authority.serverIdentity(now: now)
        let authorityPEM = try String(contentsOf: authority.certificateFile, encoding: .utf8)
        let later = now.advanced(by: DevelopmentCA.serverValidity - DevelopmentCA.renewalMargin + .seconds(86_400))
        let renewed = try authority.serverIdentity(now: later)
        #expect(renewed != first)
        #expect(try String(contentsOf: authority.certificateFile, encoding: .utf8) == authorityPEM)
        #expect(try String(contentsOf: authority.serverCertificateFile, encoding: .utf8) == renewed.certificateChain)
    }

    @Test func halfAnAuthorityIsRefusedNamingTheMissingFile() async throws {
        let folder = TemporaryFolder("development-ca")
        let authority = DevelopmentCA(folder: folder.url)
        _ = try authority.serverIdentity(now: now)
        try FileManager.default.removeItem(at: authority.keyFile)
        let error = try #require(throws: DevelopmentCAError.self) { try authority.serverIdentity(now: now) }
        #expect(error.description.contains("ca-key.pem is missing; remove the folder"))
        #expect(error.description.contains(folder.url.path))
    }

    @Test func aFolderThatCannotBeMadeIsAnError() async throws {
        let folder = TemporaryFolder("development-ca")
        try Data().write(to: folder.url)  // a file where the folder's parent should be
        let authority = DevelopmentCA(folder: folder.url.appendingPathComponent("tls"))
        let error = try #require(throws: DevelopmentCAError.self) { try authority.serverIdentity(now: now) }
        #expect(error.description.hasPrefix("the development certificate authority in \(authority.folder.path): "))
    }

    @Test func theStandardFolderFollowsTheDataFolderRule() {
        #expect(DevelopmentCA.standardFolder(variables: ["XDG_DATA_HOME": "/data"]).path == "/data/exposure-mock/tls")
        #expect(DevelopmentCA.standardFolder(variables: ["HOME": "/home/me"]).path == "/home/me/.local/share/exposure-mock/tls")
    }

    private func openssl(_ arguments: [String]) async throws -> ChildProcess.Result {
        try await ChildProcess.run(URL(fileURLWithPath: "/usr/bin/openssl"), arguments)
    }
}
