import Clocks
import Foundation
import HTTPServer
import ServerTLS

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension MockPlatform {
    /// The development certificate authority of tests: made on first use in the temporary
    /// folder (`exposure-mock-testing-ca-UID`) and reused by later test runs, as `exposure-mock
    /// --tls` reuses its own. A client trusts the platforms `start(https: true)` starts by
    /// trusting its ``DevelopmentCA/certificateFile``:
    ///
    /// ```swift
    /// let platform = try await MockPlatform.start(https: true)
    /// let transport = CurlTransport(caBundle: MockPlatform.testingCertificateAuthority.certificateFile)
    /// ```
    public static let testingCertificateAuthority = DevelopmentCA(
        folder: FileManager.default.temporaryDirectory.appendingPathComponent("exposure-mock-testing-ca-\(getuid())", isDirectory: true))

    /// The certificate for `localhost`, `127.0.0.1` and `::1` that ``testingCertificateAuthority``
    /// issued, read or made once per process.
    /// - Throws: `DevelopmentCAError` when the temporary folder cannot hold the authority.
    public static func testingHTTPSIdentity() throws -> TLSIdentity {
        try testingIdentity.get()
    }

    private static let testingIdentity = Result { () throws(DevelopmentCAError) in
        try testingCertificateAuthority.serverIdentity(now: .systemNow)
    }
}
