import Testing
@testable import HTTPServer

/// How request headers delimit a body (RFC 9112 §6.3), and contradictions refused.
@Suite struct BodyFramingTests {
    @Test(arguments: [
        ([], BodyFraming.none),
        ([("Content-Length", "0")], .none),
        ([("Content-Length", "42")], .length(42)),
        ([("content-length", "42"), ("Content-Length", "42")], .length(42)),
        ([("Content-Length", "7, 7")], .length(7)),
        ([("Transfer-Encoding", "chunked")], .chunked),
        ([("Transfer-Encoding", "gzip, Chunked")], .chunked),
    ] as [([(String, String)], BodyFraming)])
    func announcedFraming(fields: [(String, String)], expected: BodyFraming) throws {
        #expect(try BodyFraming(HTTPHeaders(fields)) == expected)
    }

    @Test(arguments: [
        [("Content-Length", "banana")],
        [("Content-Length", "-1")],
        [("Content-Length", "")],
        [("Content-Length", "1e3")],
        [("Content-Length", "3"), ("Content-Length", "4")],
        [("Content-Length", "99999999999999999999")],
        [("Transfer-Encoding", "gzip")],
        [("Transfer-Encoding", "chunked"), ("Content-Length", "3")],
    ] as [[(String, String)]])
    func contradictionsAreRefused(fields: [(String, String)]) {
        #expect(throws: BodyFraming.Invalid.self) { try BodyFraming(HTTPHeaders(fields)) }
    }
}
