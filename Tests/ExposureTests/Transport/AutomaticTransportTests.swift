import Exposure
import Foundation
import Testing

@Suite("AutomaticTransport")
struct AutomaticTransportTests {
    @Test func plainHTTPGoesToOneTransportAndEverythingElseToTheOther() async throws {
        let plain = RecordingTransport(body: "plain")
        let other = RecordingTransport(body: "other")
        let transport = AutomaticTransport(plain: plain, other: other)
        for url in ["http://127.0.0.1:8080/a", "HTTP://example.com/b", "https://example.com/c", "ftp://example.com/d"] {
            _ = try await transport.send(TransportRequest(method: .get, url: URL(string: url)!))
        }
        #expect(await plain.requests.map(\.url.path) == ["/a", "/b"])
        #expect(await other.requests.map(\.url.path) == ["/c", "/d"])
    }
}
