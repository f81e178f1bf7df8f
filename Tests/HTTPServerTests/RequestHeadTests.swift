import Foundation
import Testing
@testable import HTTPServer

/// Request heads parsed from bytes: what is kept, what is refused and with which status.
@Suite struct RequestHeadTests {
    private func parse(_ text: String) throws(RequestHead.Failure) -> RequestHead {
        let bytes = Array(text.utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: bytes)
        return try RequestHead(parsing: UnsafeRawBufferPointer(buffer))
    }

    @Test func requestLineAndFieldsInOrder() throws {
        let head = try parse("GET /a/b?x=1%2C2&x=3 HTTP/1.1\r\nHost: example\r\nX-Two:  spaced value \t\r\nhost: again")
        #expect(head.method == "GET")
        #expect(head.target == "/a/b?x=1%2C2&x=3")
        #expect(head.minorVersion == 1)
        #expect(head.headers.fields.map(\.name) == ["Host", "X-Two", "host"])
        #expect(head.headers["X-Two"] == "spaced value")
        #expect(head.rawQuery == "x=1%2C2&x=3")
        #expect(head.path == "/a/b")
    }

    @Test func bareLineFeedsAreAccepted() throws {
        let head = try parse("GET / HTTP/1.0\nHost: x")
        #expect(head.minorVersion == 0)
        #expect(head.headers["host"] == "x")
    }

    @Test(arguments: [
        ("/plain", "/plain"),
        ("/a%20b/%C3%A5", "/a b/å"),
        ("/bad%zzescape%4", "/bad%zzescape%4"),
        ("/p?q=%20#frag", "/p"),
        ("http://host:8080/abs/path?x", "/abs/path"),
        ("http://host", "/"),
    ])
    func pathIsPercentDecoded(target: String, path: String) throws {
        #expect(try parse("GET \(target) HTTP/1.1").path == path)
    }

    @Test func queryStopsAtTheFragment() throws {
        #expect(try parse("GET /p?a=1#b=2 HTTP/1.1").rawQuery == "a=1")
        #expect(try parse("GET /p HTTP/1.1").rawQuery == "")
    }

    @Test(arguments: [
        "garbage",
        "GET",
        "GET /",
        "GET  / HTTP/1.1",
        "GET / HTTP/1.1 extra",
        "G(T / HTTP/1.1",
        "GET /\u{7F} HTTP/1.1",
        "GET / HTTQ/1.1",
        "GET / HTTP/1.x",
        "GET / HTTP/1.1\r\nNo-Colon-Header",
        "GET / HTTP/1.1\r\n: empty name",
        "GET / HTTP/1.1\r\nBad Name: x",
        "GET / HTTP/1.1\r\nHost: x\r\n folded continuation",
        "GET / HTTP/1.1\r\nX-Nul: a\u{0}b",
        "GET / HTTP/1.1\r\nX-Cr: a\rb",
    ])
    func malformedHeadsAre400(text: String) {
        #expect(throws: RequestHead.Failure.self) { try parse(text) }
        do { _ = try parse(text) } catch { #expect(error.status == 400) }
    }

    @Test(arguments: ["GET / HTTP/2.0", "GET / HTTP/1.2", "GET / HTTP/9.9", "GET / HTTP/0.9"])
    func otherVersionsAre505(text: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error == .unsupportedVersion)
            #expect(error.status == 505)
        }
    }

    @Test(arguments: [
        ("HTTP/1.1", nil, true),
        ("HTTP/1.1", "close", false),
        ("HTTP/1.1", "Keep-Alive, Close", false),
        ("HTTP/1.0", nil, false),
        ("HTTP/1.0", "keep-alive", true),
        ("HTTP/1.0", "Keep-Alive", true),
    ] as [(String, String?, Bool)])
    func keepAliveFollowsVersionAndConnection(version: String, connection: String?, keepAlive: Bool) throws {
        let field = connection.map { "\r\nConnection: \($0)" } ?? ""
        #expect(try parse("GET / \(version)\(field)").wantsKeepAlive == keepAlive)
    }
}
