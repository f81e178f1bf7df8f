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
        ([("transfer-encoding", "Chunked")], .chunked),
    ] as [([(String, String)], BodyFraming)])
    func announcedFraming(fields: [(String, String)], expected: BodyFraming) throws {
        #expect(try BodyFraming(HTTPHeaders(fields), minorVersion: 1) == expected)
    }

    @Test(arguments: [
        ([("Content-Length", "banana")], 400),
        ([("Content-Length", "-1")], 400),
        ([("Content-Length", "")], 400),
        ([("Content-Length", "1e3")], 400),
        ([("Content-Length", "3"), ("Content-Length", "4")], 400),
        ([("Content-Length", "99999999999999999999")], 400),
        ([("Transfer-Encoding", "chunked"), ("Content-Length", "3")], 400),
        ([("Transfer-Encoding", "gzip")], 501),
        ([("Transfer-Encoding", "gzip, chunked")], 501),
        ([("Transfer-Encoding", "chunked, chunked")], 501),
        ([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")], 501),
    ] as [([(String, String)], Int)])
    func contradictionsAreRefused(fields: [(String, String)], status: Int) {
        do {
            _ = try BodyFraming(HTTPHeaders(fields), minorVersion: 1)
            Issue.record("accepted \(fields)")
        } catch {
            #expect(error.status == status)
        }
    }

    @Test func http10HasNoTransferCodings() {
        #expect(throws: BodyFraming.Invalid.self) {
            try BodyFraming(HTTPHeaders([("Transfer-Encoding", "chunked")]), minorVersion: 0)
        }
    }
}
