#if canImport(CCurl)
import Exposure
import Testing

@Suite("CurlProxySettings")
struct CurlProxySettingsTests {
    @Test func noProxyVariablesMeansDirectButLoopbackIsListedAnyway() {
        let settings = CurlProxySettings(environment: [:])
        #expect(settings.proxy(forScheme: "http") == nil)
        #expect(settings.proxy(forScheme: "https") == nil)
        #expect(settings.noProxy == "127.0.0.1,localhost,::1")
    }

    @Test func readsTheVariablesCurlReads() {
        let settings = CurlProxySettings(environment: [
            "http_proxy": "http://web:3128", "HTTPS_PROXY": "http://secure:3128", "no_proxy": ".internal,10.0.0.1"
        ])
        #expect(settings.proxy(forScheme: "http") == "http://web:3128")
        #expect(settings.proxy(forScheme: "https") == "http://secure:3128")
        #expect(settings.noProxy == ".internal,10.0.0.1,127.0.0.1,localhost,::1")
    }

    /// Upper-case `HTTP_PROXY` can come from a CGI request's `Proxy:` header (httpoxy).
    @Test func upperCaseHTTPProxyIsIgnoredAndAllProxyIsTheFallback() {
        let settings = CurlProxySettings(environment: ["HTTP_PROXY": "http://evil:1", "ALL_PROXY": "socks5://all:1080", "https_proxy": ""])
        #expect(settings.proxy(forScheme: "http") == "socks5://all:1080")
        #expect(settings.proxy(forScheme: "https") == "socks5://all:1080")
    }

    @Test func lowerCaseWinsAndAStarMeansNoProxyAtAll() {
        let settings = CurlProxySettings(environment: ["https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:1", "NO_PROXY": "*"])
        #expect(settings.proxy(forScheme: "https") == "http://lower:1")
        #expect(settings.noProxy == "*")
    }
}
#endif
