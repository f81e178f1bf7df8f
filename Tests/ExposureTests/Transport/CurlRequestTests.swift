#if canImport(CCurl)
import Exposure
import Foundation
import Testing

@Suite("CurlRequest")
struct CurlRequestTests {
    private func request(_ url: String, _ method: HTTPMethod = .get, headers: HTTPHeaders = [:], body: Data? = nil) throws
        -> CurlRequest
    {
        try CurlRequest(TransportRequest(method: method, url: URL(string: url)!, headers: headers, body: body))
    }

    @Test func sendsTheRequestsHeadersAndSuppressesLibcurlsDefaults() throws {
        let converted = try request(
            "http://127.0.0.1:8080/v1/a%20b?x=1&y=%2F#fragment", .post,
            headers: ["Content-Type": "application/json", "X-Empty": "", "content-length": "99"],
            body: Data("body".utf8))
        #expect(converted.url == "http://127.0.0.1:8080/v1/a%20b?x=1&y=%2F")
        #expect(converted.server == "http://127.0.0.1:8080")
        #expect(
            Set(converted.headerLines) == [
                "Content-Type: application/json", "X-Empty;", "Expect:", "User-Agent: \(ProductVersion.userAgent)", "Accept:"
            ])
        #expect(converted.body == Data("body".utf8))
    }

    @Test func anAcceptTheRequestSetsIsNotSuppressed() throws {
        let converted = try request("https://example.com/", headers: ["accept": "application/json"])
        #expect(
            Set(converted.headerLines) == [
                "accept: application/json", "Expect:", "User-Agent: \(ProductVersion.userAgent)", "Content-Type:"
            ])
        #expect(converted.server == "https://example.com:443")
        #expect(converted.body == nil)
    }

    @Test func aUserAgentTheRequestSetsReplacesTheSDKs() throws {
        let converted = try request("http://127.0.0.1/", headers: ["user-agent": "MyApp/2.1"])
        #expect(converted.headerLines.filter { $0.lowercased().hasPrefix("user-agent") } == ["user-agent: MyApp/2.1"])
    }

    @Test(arguments: [(HTTPMethod.post, true), (.put, true), (.get, false), (.delete, false), (.head, false)])
    func postAndPutAlwaysSendABody(method: HTTPMethod, hasBody: Bool) throws {
        #expect(try request("http://127.0.0.1/", method).body == (hasBody ? Data() : nil))
    }

    @Test(arguments: ["ftp://127.0.0.1/", "file:///etc/passwd", "http:/no-host", "mailto:someone@example.com"])
    func onlyHTTPAndHTTPSURLsAreSent(url: String) {
        let error = #expect(throws: CurlTransportError.self) { try request(url) }
        #expect(error?.code == .invalidRequest)
        #expect(error?.curlCode == nil)
    }

    @Test(arguments: [["X-Evil": "a\r\nInjected: yes"], ["Bad Name": "x"], ["": "x"], ["X-Nul": "a\u{0}b"], ["X-Lf": "a\nb"]])
    func headersThatWouldBreakTheMessageAreRefused(headers: HTTPHeaders) throws {
        let error = #expect(throws: CurlTransportError.self) { try request("http://127.0.0.1:1/", headers: headers) }
        #expect(error?.code == .invalidRequest)
        #expect(error?.detail.contains(headers.fields[0].name.debugDescription) == true)
    }

    @Test func anIPv6HostIsBracketedInTheServerName() throws {
        #expect(try request("http://[::1]:9/").server == "http://[::1]:9")
    }

    @Test func errorsExplainThemselves() {
        let error = CurlTransportError(
            .timedOut, server: "http://127.0.0.1:8080", detail: "Operation timed out after 200 milliseconds", curlCode: 28)
        #expect(error.localizedDescription == "http://127.0.0.1:8080: timed out: Operation timed out after 200 milliseconds (CURLcode 28)")
        #expect(ExposureError.generalError(error: error).description == "transport failure: " + error.description)
    }
}
#endif
