import Foundation

/// What a server presents over TLS: its certificate (followed by any intermediate ones) and the
/// private key of the first, both PEM. Made only through the initialisers, which check that
/// both parse and belong together, so a server is never started on a pair that cannot work.
public struct TLSIdentity: Sendable, Equatable {
    /// The server's certificate first, then any intermediates, as PEM.
    public let certificateChain: String
    /// The server certificate's private key as unencrypted PEM.
    public let privateKey: String

    /// The identity of `certificateChain` and `privateKey` (PEM text).
    /// - Throws: ``TLSIdentityError`` when the certificate or the key does not parse, or the key
    ///   is not the certificate's.
    public init(certificateChain: String, privateKey: String) throws(TLSIdentityError) {
        try self.init(certificateChain: certificateChain, privateKey: privateKey, sources: nil)
    }

    /// The identity in two PEM files, e.g. `--tls-cert` and `--tls-key`.
    /// - Throws: ``TLSIdentityError`` naming the file that cannot be read or does not hold what
    ///   it should, or the key file that is not the certificate's.
    public init(certificateFile: URL, privateKeyFile: URL) throws(TLSIdentityError) {
        try self.init(
            certificateChain: try Self.read(certificateFile, .certificate), privateKey: try Self.read(privateKeyFile, .privateKey),
            sources: (certificateFile.path, privateKeyFile.path))
    }

    /// Checks the pair; `sources` names the files they came from, for errors.
    private init(certificateChain: String, privateKey: String, sources: (certificate: String, key: String)?) throws(TLSIdentityError) {
        let prefix = { (part: TLSIdentityError.Part) in
            sources.map { (part == .certificate ? $0.certificate : $0.key) + " " } ?? ""
        }
        let certificate: GnuTLSCertificate
        do {
            certificate = try GnuTLSCertificate(pem: certificateChain)
        } catch {
            throw TLSIdentityError(.certificate, "\(prefix(.certificate))holds no PEM certificate (\(error))")
        }
        let key: GnuTLSPrivateKey
        do {
            key = try GnuTLSPrivateKey(pem: privateKey)
        } catch {
            throw TLSIdentityError(.privateKey, "\(prefix(.privateKey))holds no unencrypted PEM private key (\(error))")
        }
        guard let keyIdentifier = try? key.identifier(), let certificateKeyIdentifier = try? certificate.keyIdentifier(),
            keyIdentifier == certificateKeyIdentifier
        else {
            throw TLSIdentityError(
                .privateKey, "\(prefix(.privateKey))is not the private key of \(sources?.certificate ?? "the certificate")")
        }
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }

    private static func read(_ file: URL, _ part: TLSIdentityError.Part) throws(TLSIdentityError) -> String {
        do {
            return try PEMFile.read(file)
        } catch {
            throw TLSIdentityError(part, error.description)
        }
    }
}

/// Why a ``TLSIdentity`` cannot be made: which half, and what is wrong with it.
public struct TLSIdentityError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The half of the identity at fault.
    public enum Part: Sendable, Equatable {
        /// The certificate (chain).
        case certificate
        /// The private key.
        case privateKey
    }

    /// The half at fault.
    public let part: Part
    /// What is wrong, naming the file when it came from one, e.g. `cannot read /x (No such file
    /// or directory)`.
    public let reason: String

    init(_ part: Part, _ reason: String) {
        self.part = part
        self.reason = reason
    }

    /// `the certificate: …` or `the private key: …`.
    public var description: String { "the \(part == .certificate ? "certificate" : "private key"): \(reason)" }
}
