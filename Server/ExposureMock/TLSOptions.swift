import Foundation
import HTTPServer

/// The HTTPS settings taken together once every flag and variable is read: a certificate needs
/// its key (read and checked here, so a bad pair is a usage error naming the flag, never a
/// server that starts without HTTPS), and HTTPS beside HTTP needs a port of its own.
enum TLSOptions {
    /// Checks the HTTPS settings of `configuration` and sets its `tlsIdentity` from
    /// `--tls-cert` and `--tls-key`.
    static func check(_ configuration: inout MockConfiguration) throws(UsageError) {
        switch (configuration.tlsCertificate, configuration.tlsKey) {
        case (nil, nil):
            break
        case (let certificate?, nil):
            throw UsageError("\(certificate.source) needs the certificate's key too: pass --tls-key FILE or set EXPOSURE_MOCK_TLS_KEY")
        case (nil, let key?):
            throw UsageError("\(key.source) needs its certificate too: pass --tls-cert FILE or set EXPOSURE_MOCK_TLS_CERT")
        case (let certificate?, let key?):
            do {
                configuration.tlsIdentity = try TLSIdentity(
                    certificateFile: URL(fileURLWithPath: certificate.path), privateKeyFile: URL(fileURLWithPath: key.path))
            } catch {
                throw UsageError("\(error.part == .certificate ? certificate.source : key.source): \(error.reason)")
            }
        }
        if let tlsPort = configuration.tlsPort, tlsPort == configuration.port, tlsPort != 0 {
            throw UsageError(
                "--tls-port and --port are both \(tlsPort); give HTTPS a port of its own, or pass --tls alone to serve HTTPS on --port")
        }
    }
}
