#if canImport(CCurl)
import Exposure
import Foundation
import MockPlatformTesting
import Testing

/// ``CurlTransport`` against the mock serving HTTPS with a certificate from the development CA:
/// trusted with `caBundle`, refused with a typed error without it; the stream and sprite URLs
/// the entitlement hands out are `https` too, and the media behind them arrives over TLS.
@Suite("CurlTransport over HTTPS")
struct CurlTransportOverHTTPSTests {
    let trusting = CurlTransport(timeout: 600, caBundle: MockPlatform.testingCertificateAuthority.certificateFile, environment: [:])

    @Test func aTransportTrustingTheCAPlaysOverHTTPS() async throws {
        let platform = try await MockPlatform.start(https: true)
        defer { platform.stop() }
        #expect(platform.environment.baseUrl.hasPrefix("https://127.0.0.1:"))
        #expect(platform.control.schemes == ["https"])
        let token = try await Authenticate(environment: platform.environment, transport: trusting)
            .login(username: "premium", password: "sandbox").request().sessionToken
        let entitlement = try await Entitlement(environment: platform.environment, sessionToken: token, transport: trusting)
            .play(assetId: "arctic-journey").request()
        let locator = try #require(entitlement.playableFormat?.mediaLocator)
        #expect(locator.hasPrefix(platform.baseURL + "/"), "\(locator)")
        let sprites = entitlement.sprites ?? []
        #expect(!sprites.isEmpty && sprites.allSatisfy { $0.vtt?.hasPrefix(platform.baseURL + "/") == true }, "\(sprites)")
        let master = try await trusting.send(TransportRequest(method: .get, url: try #require(URL(string: locator))))
        #expect(master.status == 200 && String(decoding: master.body, as: UTF8.self).hasPrefix("#EXTM3U"))
    }

    @Test func aTransportThatDoesNotTrustTheCAFailsSayingSo() async throws {
        let platform = try await MockPlatform.start(https: true)
        defer { platform.stop() }
        let failure = await FetchServerTime(environment: platform.environment, transport: CurlTransport(timeout: 600, environment: [:]))
            .failure()
        guard case .generalError(error: let error as CurlTransportError)? = failure else {
            Issue.record("expected a transport failure, got \(String(describing: failure))")
            return
        }
        #expect(error.code == .untrustedCertificate)
        #expect(error.server == platform.baseURL)
        #expect(failure?.description.hasPrefix("transport failure: \(platform.baseURL): the server's certificate is not trusted: ") == true)
        #expect(platform.requests().isEmpty, "no request got through")
    }

    @Test func aCABundleThatCannotBeReadIsATLSFailureNamingIt() async throws {
        let platform = try await MockPlatform.start(https: true)
        defer { platform.stop() }
        let missing = URL(fileURLWithPath: "/nonexistent/ca.pem")
        let url = try #require(URL(string: platform.environment.apiBase(.v1) + "/time"))
        let error = await #expect(throws: CurlTransportError.self) {
            try await CurlTransport(timeout: 600, caBundle: missing, environment: [:]).send(TransportRequest(method: .get, url: url))
        }
        #expect(error?.code == .tls)
        #expect(error?.detail.contains(missing.path) == true, "\(String(describing: error))")
    }

    /// HTTP and HTTPS from one platform: each answer's URLs follow the scheme it was asked over.
    @Test func urlsFollowTheSchemeOfTheRequest() async throws {
        let platform = try MockPlatform(
            configuration: .init(port: 0, https: HTTPSListener(identity: MockPlatform.testingHTTPSIdentity(), port: 0)))
        try platform.start()
        defer { platform.stop() }
        let secure = try #require(platform.httpsBaseURL)
        #expect(platform.baseURLs == [platform.baseURL, secure] && platform.baseURL.hasPrefix("http://") && secure.hasPrefix("https://"))
        #expect(try await MockPlatformAdminClient(baseURL: platform.baseURL).health().schemes == ["http", "https"])
        for base in platform.baseURLs {
            let environment = Environment(baseUrl: base, customer: "Sandbox", businessUnit: "Dev")
            let token = try await Authenticate(environment: environment, transport: trusting)
                .login(username: "premium", password: "sandbox").request().sessionToken
            let entitlement = try await Entitlement(environment: environment, sessionToken: token, transport: trusting)
                .play(assetId: "arctic-journey").request()
            #expect(entitlement.playableFormat?.mediaLocator.hasPrefix(base + "/") == true)
        }
    }
}
#endif
