#if canImport(CCurl)
@testable import Exposure
import Testing

@Suite("ReceivedHeaders")
struct ReceivedHeadersTests {
    private func headers(_ lines: [String]) -> [String: String] {
        var received = ReceivedHeaders()
        for line in lines { Array(line.utf8).withUnsafeBytes { received.take(line: $0) } }
        return received.fields
    }

    @Test func keepsNamesAsSentTrimsValuesAndJoinsRepeatedFields() {
        #expect(headers(["HTTP/1.1 200 OK\r\n", "X-Custom-Header:  spaced value \r\n", "set-cookie: a=1\r\n",
                         "Set-Cookie: b=2\r\n", "content-length: 0\r\n", "\r\n"])
            == ["X-Custom-Header": "spaced value", "set-cookie": "a=1, b=2", "content-length": "0"])
    }

    @Test func eachResponseHeadStartsAfresh() {
        #expect(headers(["HTTP/1.1 100 Continue\r\n", "X-Interim: 1\r\n", "\r\n",
                         "HTTP/1.1 302 Found\r\n", "Location: /next\r\n", "\r\n",
                         "HTTP/2 200\r\n", "content-type: text/plain\r\n", "\r\n"])
            == ["content-type": "text/plain"])
    }

    @Test func trailersAfterTheHeadAreDropped() {
        #expect(headers(["HTTP/1.1 200 OK\r\n", "Transfer-Encoding: chunked\r\n", "\r\n", "Trailer-Field: dropped\r\n", "\r\n"])
            == ["Transfer-Encoding": "chunked"])
    }

    @Test func repeatedNamesMatchWhateverTheirCase() {
        #expect(headers(["Vary: a\r\n", "VARY: b\r\n", "vary:c\r\n", "Varz: d\r\n", "X-^: e\r\n", "x-~: f\r\n"])
            == ["Vary": "a, b, c", "Varz": "d", "X-^": "e", "x-~": "f"])
    }

    @Test func linesWithoutANameOrColonAreIgnored() {
        #expect(headers(["HTTP/1.1 200 OK\n", "no colon here\n", ": no name\n", "Empty:\n", "A:b:c\n"]) == ["Empty": "", "A": "b:c"])
    }
}
#endif
