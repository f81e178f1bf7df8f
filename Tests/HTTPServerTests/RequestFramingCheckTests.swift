import HTTPServer
import Testing

/// Which heads are refused for framing two parties could read differently.
@Suite struct RequestFramingCheckTests {
    @Test(arguments: [
        HTTPHeaders(),
        ["Content-Length": "5"],
        ["Content-Length": "5", "content-length": "5"],
        ["Content-Length": "5, 5"],
        ["Transfer-Encoding": "chunked"],
        ["Transfer-Encoding": " Chunked "]
    ])
    func unambiguousFramingPasses(headers: HTTPHeaders) {
        #expect(RequestFramingCheck.refusal(for: headers) == nil)
    }

    @Test func lengthAndChunkedTogetherAre400() {
        let refusal = RequestFramingCheck.refusal(for: ["Content-Length": "4", "Transfer-Encoding": "chunked"])
        #expect(refusal?.status == 400)
    }

    @Test(arguments: [
        [("Content-Length", "3"), ("Content-Length", "5")],
        [("Content-Length", "3, 5")]
    ])
    func conflictingLengthsAre400(fields: [(String, String)]) {
        #expect(RequestFramingCheck.refusal(for: HTTPHeaders(fields))?.status == 400)
    }

    @Test(arguments: ["gzip, chunked", "identity", "chunked, chunked", "gzip"])
    func codingsOtherThanChunkedAre501(coding: String) {
        #expect(RequestFramingCheck.refusal(for: ["Transfer-Encoding": coding])?.status == 501)
    }

    @Test func hostIsRequiredOfHTTP11Only() {
        #expect(RequestFramingCheck.refusal(version: "HTTP/1.1", rawURI: "/", headers: [:])?.status == 400)
        #expect(RequestFramingCheck.refusal(version: "HTTP/1.1", rawURI: "/", headers: ["host": "x"]) == nil)
        #expect(RequestFramingCheck.refusal(version: "HTTP/1.0", rawURI: "/", headers: [:]) == nil)
    }

    @Test(arguments: ["/a b", "/a\tb", "/a?q=1 2"])
    func whitespaceInTheTargetIs400(target: String) {
        #expect(RequestFramingCheck.refusal(version: "HTTP/1.1", rawURI: target, headers: ["Host": "x"])?.status == 400)
    }
}
