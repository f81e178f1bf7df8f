import Clocks
import ExposureModels
import Foundation

/// A certificate authority of this machine's own for HTTPS during development, as mkcert makes
/// one: created in its folder on first use and kept, so a developer trusts its certificate once
/// (on a device, in a simulator, with `curl --cacert`) and every later run is trusted.
///
/// The folder holds `ca.pem` (the authority's certificate: the file to trust), `ca-key.pem`,
/// and the server certificate it issued for `localhost`, `127.0.0.1` and `::1` with its key
/// (`localhost.pem`, `localhost-key.pem`). Keys are written mode 0600; every file is written
/// whole under a temporary name and renamed into place. An existing authority is never
/// replaced: a folder with only half of one is refused, naming the file missing.
public struct DevelopmentCA: Sendable {
    /// The folder the authority lives in.
    public let folder: URL

    /// The authority kept in `folder` (nothing is read or made before ``serverIdentity(now:)``).
    public init(folder: URL) { self.folder = folder }

    /// `exposure-mock/tls` in the user's data folder: `$XDG_DATA_HOME/exposure-mock/tls`, else
    /// `$HOME/.local/share/exposure-mock/tls` (``UserDataFolder``).
    public static func standardFolder(variables: [String: String]) -> URL {
        UserDataFolder.folder(named: "exposure-mock", variables: variables).appendingPathComponent("tls", isDirectory: true)
    }

    /// The authority's certificate: what clients are given to trust.
    public var certificateFile: URL { folder.appendingPathComponent("ca.pem") }
    /// The authority's private key.
    public var keyFile: URL { folder.appendingPathComponent("ca-key.pem") }
    /// The server certificate the authority issued.
    public var serverCertificateFile: URL { folder.appendingPathComponent("localhost.pem") }
    /// The server certificate's private key.
    public var serverKeyFile: URL { folder.appendingPathComponent("localhost-key.pem") }

    /// The host name the server certificate is valid for.
    public static let serverNames = ["localhost"]
    /// The addresses the server certificate is valid for: IPv4 and IPv6 loopback.
    public static let serverAddresses = ["127.0.0.1", "::1"]
    /// How long the authority is valid.
    public static let authorityValidity = Duration.seconds(10 * 365 * 86_400)
    /// How long a server certificate is valid: 825 days, the most Apple platforms accept.
    public static let serverValidity = Duration.seconds(825 * 86_400)
    /// A server certificate expiring within this is issued anew.
    public static let renewalMargin = Duration.seconds(30 * 86_400)
    /// How far back validity starts, for a device whose clock is a little behind.
    static let clockSkewAllowance = Duration.seconds(3_600)

    /// The server's identity: the certificate for ``serverNames`` and ``serverAddresses`` this
    /// authority issued, with its key. The authority is created first when the folder has none;
    /// the server certificate is issued (and stored) anew when it is missing, not this
    /// authority's, not its key's, or expires within ``renewalMargin`` of `now`.
    /// - Throws: ``DevelopmentCAError`` naming the folder and what failed.
    public func serverIdentity(now: WallTime) throws(DevelopmentCAError) -> TLSIdentity {
        do {
            let (authority, authorityKey) = try loadOrCreateAuthority(now: now)
            if let kept = try? TLSIdentity(certificateFile: serverCertificateFile, privateKeyFile: serverKeyFile),
                let certificate = try? GnuTLSCertificate(pem: kept.certificateChain), certificate.isIssued(by: authority),
                certificate.notAfter > now.advanced(by: Self.renewalMargin)
            {
                return kept
            }
            let key = try GnuTLSPrivateKey.generateP256()
            let certificate = try GnuTLSCertificate.issue(
                CertificateProfile(
                    commonName: "exposure-mock localhost", isAuthority: false, dnsNames: Self.serverNames,
                    ipAddresses: Self.serverAddresses.compactMap(Self.addressBytes),
                    notBefore: now.advanced(by: .zero - Self.clockSkewAllowance), notAfter: now.advanced(by: Self.serverValidity)),
                for: key, by: (authority, authorityKey))
            let identity = try TLSIdentity(certificateChain: certificate.pem(), privateKey: key.pem())
            try PEMFile.write(identity.privateKey, to: serverKeyFile, mode: 0o600)
            try PEMFile.write(identity.certificateChain, to: serverCertificateFile, mode: 0o644)
            return identity
        } catch let error as DevelopmentCAError {
            throw error
        } catch {
            throw DevelopmentCAError(folder: folder, reason: "\(error)")
        }
    }

    /// The authority in the folder, made first (in a folder of its own renamed into place, so
    /// two processes starting at once agree on one) when there is none.
    private func loadOrCreateAuthority(now: WallTime) throws -> (GnuTLSCertificate, GnuTLSPrivateKey) {
        let files = FileManager.default
        if !files.fileExists(atPath: certificateFile.path) && !files.fileExists(atPath: keyFile.path) {
            try createAuthority(now: now)
        }
        for file in [certificateFile, keyFile] where !files.fileExists(atPath: file.path) {
            throw DevelopmentCAError(
                folder: folder,
                reason: "\(file.lastPathComponent) is missing; remove the folder to make a new authority (and trust that one)")
        }
        do {
            let identity = try TLSIdentity(certificateFile: certificateFile, privateKeyFile: keyFile)
            return (try GnuTLSCertificate(pem: identity.certificateChain), try GnuTLSPrivateKey(pem: identity.privateKey))
        } catch let error as TLSIdentityError {
            throw DevelopmentCAError(folder: folder, reason: "\(error.reason); remove the folder to make a new authority")
        }
    }

    private func createAuthority(now: WallTime) throws {
        let key = try GnuTLSPrivateKey.generateP256()
        let certificate = try GnuTLSCertificate.issue(
            CertificateProfile(
                commonName: "exposure-mock development CA (\(ProcessInfo.processInfo.hostName))", isAuthority: true,
                notBefore: now.advanced(by: .zero - Self.clockSkewAllowance), notAfter: now.advanced(by: Self.authorityValidity)),
            for: key, by: nil)
        let parent = folder.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        let staging = parent.appendingPathComponent(".\(folder.lastPathComponent)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: staging) }
        try PEMFile.write(key.pem(), to: staging.appendingPathComponent(keyFile.lastPathComponent), mode: 0o600)
        try PEMFile.write(certificate.pem(), to: staging.appendingPathComponent(certificateFile.lastPathComponent), mode: 0o644)
        // Fails when another process made the folder first (or it exists with other files):
        // then its authority, or the missing file, is what the caller finds.
        _ = rename(staging.path, folder.path)
    }

    /// `address` as the 4 or 16 bytes a certificate holds.
    private static func addressBytes(_ address: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, address, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 { return withUnsafeBytes(of: &v6) { Array($0) } }
        return nil
    }
}

/// Why the development certificate authority could not give a server identity.
public struct DevelopmentCAError: Error, Sendable, CustomStringConvertible {
    /// The authority's folder.
    public let folder: URL
    /// What failed, e.g. a file that cannot be written.
    public let reason: String

    /// `the development certificate authority in FOLDER: REASON`.
    public var description: String { "the development certificate authority in \(folder.path): \(reason)" }
}
