import Clocks
import Foundation
import ServerTLS
import TestSupport
import Testing

/// A certificate and key of one's own (`--tls-cert`, `--tls-key`): read and checked as a pair,
/// each problem naming the file.
@Suite struct TLSIdentityTests {
    @Test func aMatchingPairIsRead() async throws {
        let folder = TemporaryFolder("tls-identity")
        let authority = DevelopmentCA(folder: folder.url)
        let made = try authority.serverIdentity(now: .systemNow)
        let read = try TLSIdentity(certificateFile: authority.serverCertificateFile, privateKeyFile: authority.serverKeyFile)
        #expect(read == made)
    }

    @Test func eachProblemNamesItsFile() async throws {
        let folder = TemporaryFolder("tls-identity")
        let authority = DevelopmentCA(folder: folder.url.appendingPathComponent("ca"))
        _ = try authority.serverIdentity(now: .systemNow)
        let missing = folder.url.appendingPathComponent("missing.pem")
        let notPEM = folder.url.appendingPathComponent("notes.txt")
        try Data("hello\n".utf8).write(to: notPEM)

        let unreadable = try #require(throws: TLSIdentityError.self) {
            try TLSIdentity(certificateFile: missing, privateKeyFile: authority.serverKeyFile)
        }
        #expect(
            unreadable.part == .certificate && unreadable.reason == "cannot read \(missing.path) (No such file or directory)",
            "\(unreadable)")

        let folderAsKey = try #require(throws: TLSIdentityError.self) {
            try TLSIdentity(certificateFile: authority.serverCertificateFile, privateKeyFile: folder.url)
        }
        #expect(folderAsKey.part == .privateKey && folderAsKey.reason.hasPrefix("cannot read \(folder.url.path) ("))

        let garbage = try #require(throws: TLSIdentityError.self) {
            try TLSIdentity(certificateFile: notPEM, privateKeyFile: authority.serverKeyFile)
        }
        #expect(garbage.part == .certificate && garbage.reason.hasPrefix("\(notPEM.path) holds no PEM certificate ("))

        let certificateAsKey = try #require(throws: TLSIdentityError.self) {
            try TLSIdentity(certificateFile: authority.serverCertificateFile, privateKeyFile: authority.serverCertificateFile)
        }
        #expect(certificateAsKey.part == .privateKey && certificateAsKey.reason.contains("holds no unencrypted PEM private key"))

        let otherKey = try #require(throws: TLSIdentityError.self) {
            try TLSIdentity(certificateFile: authority.serverCertificateFile, privateKeyFile: authority.keyFile)
        }
        #expect(otherKey.part == .privateKey)
        #expect(otherKey.reason == "\(authority.keyFile.path) is not the private key of \(authority.serverCertificateFile.path)")
    }
}
