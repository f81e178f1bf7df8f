// Every GnuTLS call of the server is in this file: private keys and X.509 certificates made,
// read, written as PEM, signed and checked, and the one place a GnuTLS error code becomes
// ``GnuTLSError``.
import CGnuTLS
import Clocks
import Foundation

/// A GnuTLS call that failed, in GnuTLS's own words.
struct GnuTLSError: Error, Sendable, CustomStringConvertible {
    /// The function that failed, e.g. `gnutls_x509_crt_import`.
    let call: String
    /// GnuTLS's negative error code.
    let code: Int32

    var description: String { String(cString: gnutls_strerror(code)) }
}

/// Throws a ``GnuTLSError`` for a negative result of `call`.
private func check(_ result: Int32, _ call: String) throws(GnuTLSError) {
    if result < 0 { throw GnuTLSError(call: call, code: result) }
}

/// Calls `body` with `text`'s bytes as a datum (GnuTLS only reads them).
private func withDatum<Result>(_ text: String, _ body: (UnsafePointer<gnutls_datum_t>) -> Result) -> Result {
    var bytes = Array(text.utf8)
    return bytes.withUnsafeMutableBufferPointer { buffer in
        var datum = gnutls_datum_t(data: buffer.baseAddress, size: UInt32(buffer.count))
        return body(&datum)
    }
}

/// The PEM text GnuTLS writes through `export` into a datum it allocates.
private func exportedPEM(_ call: String, _ export: (UnsafeMutablePointer<gnutls_datum_t>) -> Int32) throws(GnuTLSError) -> String {
    var datum = gnutls_datum_t()
    try check(export(&datum), call)
    defer { cgnutls_free_datum(&datum) }
    return String(decoding: UnsafeBufferPointer(start: datum.data, count: Int(datum.size)), as: UTF8.self)
}

/// A key identifier (SHA-1 of the public key, as RFC 5280 suggests) read through `read`.
private func readKeyIdentifier(_ call: String, _ read: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<Int>) -> Int32)
    throws(GnuTLSError)
    -> [UInt8]
{
    var bytes = [UInt8](repeating: 0, count: 64)
    var size = bytes.count
    try check(bytes.withUnsafeMutableBufferPointer { read($0.baseAddress!, &size) }, call)
    return Array(bytes.prefix(size))
}

/// A private key held by GnuTLS.
final class GnuTLSPrivateKey {
    fileprivate let handle: gnutls_x509_privkey_t

    private init() throws(GnuTLSError) {
        var handle: gnutls_x509_privkey_t?
        try check(gnutls_x509_privkey_init(&handle), "gnutls_x509_privkey_init")
        self.handle = handle!
    }

    /// A new ECDSA key on P-256: generated in a millisecond, accepted by every TLS client.
    static func generateP256() throws(GnuTLSError) -> GnuTLSPrivateKey {
        let key = try GnuTLSPrivateKey()
        try check(
            gnutls_x509_privkey_generate(key.handle, GNUTLS_PK_ECDSA, cgnutls_curve_bits(GNUTLS_ECC_CURVE_SECP256R1), 0),
            "gnutls_x509_privkey_generate")
        return key
    }

    /// The key in `pem` (PKCS #8, or the RSA and EC forms), unencrypted.
    convenience init(pem: String) throws(GnuTLSError) {
        try self.init()
        try check(
            withDatum(pem) { gnutls_x509_privkey_import2(self.handle, $0, GNUTLS_X509_FMT_PEM, nil, 0) }, "gnutls_x509_privkey_import2")
    }

    deinit { gnutls_x509_privkey_deinit(handle) }

    /// The key as unencrypted PKCS #8 PEM (`BEGIN PRIVATE KEY`).
    func pem() throws(GnuTLSError) -> String {
        try exportedPEM("gnutls_x509_privkey_export2_pkcs8") {
            gnutls_x509_privkey_export2_pkcs8(handle, GNUTLS_X509_FMT_PEM, nil, UInt32(GNUTLS_PKCS_PLAIN.rawValue), $0)
        }
    }

    /// The identifier of the key's public half, to match it with a certificate's.
    func identifier() throws(GnuTLSError) -> [UInt8] {
        try readKeyIdentifier("gnutls_x509_privkey_get_key_id") { gnutls_x509_privkey_get_key_id(handle, 0, $0, $1) }
    }
}

/// What a certificate is issued for.
struct CertificateProfile {
    /// The subject's common name.
    var commonName: String
    /// A certificate authority (may sign certificates) rather than a server.
    var isAuthority: Bool
    /// Host names the server answers to (subjectAltName DNS entries).
    var dnsNames: [String] = []
    /// Addresses the server answers on, as 4 or 16 bytes (subjectAltName IP entries).
    var ipAddresses: [[UInt8]] = []
    /// When it starts to be valid.
    var notBefore: WallTime
    /// When it stops being valid.
    var notAfter: WallTime
}

/// An X.509 certificate held by GnuTLS.
final class GnuTLSCertificate {
    fileprivate let handle: gnutls_x509_crt_t

    private init() throws(GnuTLSError) {
        var handle: gnutls_x509_crt_t?
        try check(gnutls_x509_crt_init(&handle), "gnutls_x509_crt_init")
        self.handle = handle!
    }

    /// The first certificate in `pem`.
    convenience init(pem: String) throws(GnuTLSError) {
        try self.init()
        try check(withDatum(pem) { gnutls_x509_crt_import(handle, $0, GNUTLS_X509_FMT_PEM) }, "gnutls_x509_crt_import")
    }

    deinit { gnutls_x509_crt_deinit(handle) }

    /// A version 3 certificate of `profile` for `key`, signed with SHA-256 by `issuer` (its
    /// certificate and key), or by `key` itself when nil. A random 128-bit serial number; key
    /// identifiers for path building.
    static func issue(
        _ profile: CertificateProfile, for key: GnuTLSPrivateKey, by issuer: (certificate: GnuTLSCertificate, key: GnuTLSPrivateKey)?
    ) throws(GnuTLSError) -> GnuTLSCertificate {
        let certificate = try GnuTLSCertificate()
        let handle = certificate.handle
        try check(gnutls_x509_crt_set_version(handle, 3), "gnutls_x509_crt_set_version")
        var serial = [UInt8](repeating: 0, count: 16)
        try check(gnutls_rnd(GNUTLS_RND_NONCE, &serial, serial.count), "gnutls_rnd")
        serial[0] = serial[0] & 0x7f | 0x40  // positive, and 16 bytes long
        try check(gnutls_x509_crt_set_serial(handle, serial, serial.count), "gnutls_x509_crt_set_serial")
        try check(
            gnutls_x509_crt_set_activation_time(handle, time_t(profile.notBefore.secondsSince1970)),
            "gnutls_x509_crt_set_activation_time")
        try check(
            gnutls_x509_crt_set_expiration_time(handle, time_t(profile.notAfter.secondsSince1970)),
            "gnutls_x509_crt_set_expiration_time")
        try check(gnutls_x509_crt_set_dn(handle, "O=exposure-mock,CN=\(profile.commonName)", nil), "gnutls_x509_crt_set_dn")
        try check(gnutls_x509_crt_set_key(handle, key.handle), "gnutls_x509_crt_set_key")
        if profile.isAuthority {
            try check(gnutls_x509_crt_set_basic_constraints(handle, 1, 0), "gnutls_x509_crt_set_basic_constraints")
            try check(
                gnutls_x509_crt_set_key_usage(
                    handle, UInt32(GNUTLS_KEY_KEY_CERT_SIGN | GNUTLS_KEY_CRL_SIGN | GNUTLS_KEY_DIGITAL_SIGNATURE)),
                "gnutls_x509_crt_set_key_usage")
        } else {
            try check(gnutls_x509_crt_set_basic_constraints(handle, 0, -1), "gnutls_x509_crt_set_basic_constraints")
            try check(gnutls_x509_crt_set_key_usage(handle, UInt32(GNUTLS_KEY_DIGITAL_SIGNATURE)), "gnutls_x509_crt_set_key_usage")
            try check(gnutls_x509_crt_set_key_purpose_oid(handle, CGNUTLS_KP_TLS_WWW_SERVER, 0), "gnutls_x509_crt_set_key_purpose_oid")
        }
        for name in profile.dnsNames {
            try check(
                gnutls_x509_crt_set_subject_alt_name(handle, GNUTLS_SAN_DNSNAME, name, UInt32(name.utf8.count), UInt32(GNUTLS_FSAN_APPEND)),
                "gnutls_x509_crt_set_subject_alt_name")
        }
        for address in profile.ipAddresses {
            try check(
                gnutls_x509_crt_set_subject_alt_name(
                    handle, GNUTLS_SAN_IPADDRESS, address, UInt32(address.count), UInt32(GNUTLS_FSAN_APPEND)),
                "gnutls_x509_crt_set_subject_alt_name")
        }
        let subjectKey = try certificate.keyIdentifier()
        try check(gnutls_x509_crt_set_subject_key_id(handle, subjectKey, subjectKey.count), "gnutls_x509_crt_set_subject_key_id")
        if let issuer {
            let authorityKey = try issuer.certificate.keyIdentifier()
            try check(
                gnutls_x509_crt_set_authority_key_id(handle, authorityKey, authorityKey.count), "gnutls_x509_crt_set_authority_key_id")
        }
        let (signer, signingKey) = issuer.map { ($0.certificate.handle, $0.key.handle) } ?? (handle, key.handle)
        try check(gnutls_x509_crt_sign2(handle, signer, signingKey, GNUTLS_DIG_SHA256, 0), "gnutls_x509_crt_sign2")
        return certificate
    }

    /// The certificate as PEM (`BEGIN CERTIFICATE`).
    func pem() throws(GnuTLSError) -> String {
        try exportedPEM("gnutls_x509_crt_export2") { gnutls_x509_crt_export2(handle, GNUTLS_X509_FMT_PEM, $0) }
    }

    /// The identifier of the certificate's public key (matches its private key's).
    func keyIdentifier() throws(GnuTLSError) -> [UInt8] {
        try readKeyIdentifier("gnutls_x509_crt_get_key_id") { gnutls_x509_crt_get_key_id(handle, 0, $0, $1) }
    }

    /// When the certificate stops being valid.
    var notAfter: WallTime {
        WallTime(secondsSince1970: Int64(gnutls_x509_crt_get_expiration_time(handle)))
    }

    /// Whether `authority` signed this certificate (whatever the time: ``notAfter`` says that).
    func isIssued(by authority: GnuTLSCertificate) -> Bool {
        var status: UInt32 = 0
        var trusted: gnutls_x509_crt_t? = authority.handle
        let result = gnutls_x509_crt_verify(handle, &trusted, 1, UInt32(GNUTLS_VERIFY_DISABLE_TIME_CHECKS.rawValue), &status)
        return result >= 0 && status == 0
    }
}
