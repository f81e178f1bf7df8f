import Foundation
import MockPlatformTesting
import Testing

@testable import ExposureMock

/// `--tls`, `--tls-port`, `--tls-cert` and `--tls-key` (and their variables) as values: what
/// each turns on, and a clear error naming the flag or variable for every mistake, an unreadable
/// certificate included.
@Suite struct TLSOptionsTests {
    private func parse(_ arguments: [String], _ environment: [String: String] = [:]) throws(UsageError) -> MockConfiguration {
        guard case .serve(let configuration) = try MockCommandLine.parse(arguments, environment: environment) else {
            throw UsageError("not a serve invocation")
        }
        return configuration
    }

    private func error(_ arguments: [String], _ environment: [String: String] = [:]) -> String? {
        do {
            _ = try parse(arguments, environment)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func tlsServesHTTPSOnThePortAndTLSPortBesideHTTP() throws {
        #expect(try !parse([]).servesHTTPS)
        let alone = try parse(["--tls"])
        #expect(alone.servesHTTPS && alone.tlsPort == nil && alone.port == 8080)
        let both = try parse(["--port", "8080", "--tls-port=8443"])
        #expect(both.servesHTTPS && both.tlsPort == 8443)
        #expect(try parse(["--port", "0", "--tls-port", "0"]).tlsPort == 0, "two free ports")
        for yes in ["1", "true", "YES", "on"] { #expect(try parse([], ["EXPOSURE_MOCK_TLS": yes]).tls) }
        for no in ["0", "false", "no", "off"] { #expect(try !parse([], ["EXPOSURE_MOCK_TLS": no]).tls) }
        #expect(try parse([], ["EXPOSURE_MOCK_TLS_PORT": "8443"]).tlsPort == 8443)
        #expect(try parse(["--tls"], ["EXPOSURE_MOCK_TLS": "0"]).tls, "the flag wins")
    }

    @Test func mistakesNameTheFlagOrVariable() {
        #expect(error(["--tls=yes"]) == "--tls takes no value (set EXPOSURE_MOCK_TLS=0 to turn it off)")
        #expect(
            error([], ["EXPOSURE_MOCK_TLS": "maybe"]) == "EXPOSURE_MOCK_TLS takes 1, true, yes or on, or 0, false, no or off, not maybe")
        #expect(error(["--tls-port", "99999"]) == "--tls-port takes 0…65535, not 99999")
        #expect(error([], ["EXPOSURE_MOCK_TLS_PORT": "https"]) == "EXPOSURE_MOCK_TLS_PORT takes 0…65535, not https")
        #expect(error(["--port", "8443", "--tls-port", "8443"])?.hasPrefix("--tls-port and --port are both 8443") == true)
        #expect(
            error(["--tls-cert", "cert.pem"])
                == "--tls-cert needs the certificate's key too: pass --tls-key FILE or set EXPOSURE_MOCK_TLS_KEY")
        #expect(
            error([], ["EXPOSURE_MOCK_TLS_KEY": "key.pem"])
                == "EXPOSURE_MOCK_TLS_KEY needs its certificate too: pass --tls-cert FILE or set EXPOSURE_MOCK_TLS_CERT")
    }

    @Test func aCertificateOfOnesOwnIsReadAndCheckedAtOnce() throws {
        _ = try MockPlatform.testingHTTPSIdentity()
        let authority = MockPlatform.testingCertificateAuthority
        let (certificate, key) = (authority.serverCertificateFile.path, authority.serverKeyFile.path)
        let own = try parse(["--tls-cert", certificate, "--tls-key", key])
        let identity = try MockPlatform.testingHTTPSIdentity()
        #expect(own.servesHTTPS && own.tlsIdentity == identity)
        #expect(try parse([], ["EXPOSURE_MOCK_TLS_CERT": certificate, "EXPOSURE_MOCK_TLS_KEY": key]).tlsIdentity != nil)

        #expect(
            error(["--tls-cert", "/nonexistent/cert.pem", "--tls-key", key])
                == "--tls-cert: cannot read /nonexistent/cert.pem (No such file or directory)")
        #expect(
            error([], ["EXPOSURE_MOCK_TLS_CERT": key, "EXPOSURE_MOCK_TLS_KEY": key])?.hasPrefix(
                "EXPOSURE_MOCK_TLS_CERT: \(key) holds no PEM certificate")
                == true)
        let wrongKey = authority.keyFile.path
        #expect(
            error(["--tls-cert", certificate, "--tls-key", wrongKey]) == "--tls-key: \(wrongKey) is not the private key of \(certificate)")
    }

    @Test func helpListsEveryTLSFlagWithItsVariable() {
        for line in [
            "  --tls\n", "  EXPOSURE_MOCK_TLS=1", "  --tls-port N", "  EXPOSURE_MOCK_TLS_PORT=N", "  --tls-cert FILE",
            "  EXPOSURE_MOCK_TLS_CERT=FILE", "  --tls-key FILE", "  EXPOSURE_MOCK_TLS_KEY=FILE"
        ] {
            #expect(MockCommandLine.help.contains(line), "\(line)")
        }
    }
}
