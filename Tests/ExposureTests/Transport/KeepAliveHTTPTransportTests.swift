import Exposure
import Foundation
import Testing

/// The keep-alive transport against ``ScriptedServer``s: each test's script states which
/// connections the client must open and what goes over them, so reuse (or its absence) is
/// checked by the connections themselves — a request on a connection the script does not read
/// from times out, one on a connection it does not expect is refused.
@Suite("KeepAliveHTTPTransport")
struct KeepAliveHTTPTransportTests {
    static let ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"

    /// A transport whose idle connections outlast any test: between two requests a test's task
    /// may wait over a minute for the cooperative pool in the full suite, and a connection
    /// expiring meanwhile would look like one not reused.
    static func transport(timeout: TimeInterval = 10) -> KeepAliveHTTPTransport {
        KeepAliveHTTPTransport(timeout: timeout, maximumIdleTime: .seconds(3600))
    }

    @Test func sendsTheRequestHeadAndBodyAsHTTP11() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            let request = try connection.readRequest()
            let lines = request.components(separatedBy: "\r\n")
            try #require(lines.count == 7)
            #expect(lines[0] == "POST /v1/a%20b?x=1&y=%2F HTTP/1.1")
            #expect(Set(lines[1...4]) == ["Host: 127.0.0.1:\(listener.port)", "Content-Type: application/json",
                                         "X-Request-Id: 7", "Content-Length: 4"])
            #expect(lines[5...] == ["", "body"])
            try connection.write(Self.ok)
        }
        let transport = Self.transport()
        let response = try await transport.send(TransportRequest(
            method: .post, url: server.url("/v1/a%20b?x=1&y=%2F#fragment"),
            headers: ["Content-Type": "application/json", "X-Request-Id": "7", "content-length": "99"], body: Data("body".utf8)))
        #expect(response.status == 200)
        #expect(response.body == Data("ok".utf8))
        try await server.finish()
    }

    @Test func aPostWithoutBodySaysContentLengthZero() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            #expect(try connection.readRequest().contains("\r\nContent-Length: 0\r\n"))
            try connection.write(Self.ok)
        }
        _ = try await Self.transport().send(TransportRequest(method: .post, url: server.url()))
        try await server.finish()
    }

    @Test func reusesOneConnectionForRequestAfterRequest() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            for index in 0..<3 {
                #expect(try connection.readRequest().hasPrefix("GET /\(index) HTTP/1.1\r\n"))
                try connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\n\(index)")
            }
        }
        let transport = Self.transport()
        for index in 0..<3 {
            let response = try await transport.send(TransportRequest(method: .get, url: server.url("/\(index)")))
            #expect(response.body == Data("\(index)".utf8))
        }
        try await server.finish()
    }

    @Test func keepsResponseHeaderNamesAsSentAndJoinsRepeatedOnes() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            _ = try connection.readRequest()
            try connection.write("HTTP/1.1 404 Not Found\r\nX-Custom-Header:  spaced value \r\nset-cookie: a=1\r\n"
                + "Set-Cookie: b=2\r\ncontent-length: 0\r\n\r\n")
        }
        let response = try await Self.transport().send(TransportRequest(method: .get, url: server.url()))
        #expect(response.status == 404)
        #expect(response.headers == ["X-Custom-Header": "spaced value", "set-cookie": "a=1, b=2", "content-length": "0"])
        #expect(response.body.isEmpty)
        try await server.finish()
    }

    @Test func readsChunkedBodiesAndKeepsTheConnection() async throws {
        let big = String(repeating: "x", count: 100_000)
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            _ = try connection.readRequest()
            try connection.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5;name=value\r\nhello\r\n1 \r\n,\r\n9\r\n chunked!\r\n\(String(big.utf8.count, radix: 16, uppercase: true))\r\n\(big)\r\n"
                + "0\r\nTrailer: dropped\r\n\r\n")
            _ = try connection.readRequest()
            try connection.write(Self.ok)
        }
        let transport = Self.transport()
        let chunked = try await transport.send(TransportRequest(method: .get, url: server.url()))
        #expect(chunked.body == Data(("hello, chunked!" + big).utf8))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    @Test func readsLargeBodiesExactly() async throws {
        let body = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let server = try ScriptedServer { listener in
            let connection = try listener.answerNext(with: Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            _ = try connection.readRequest()
            try connection.write(Self.ok)
        }
        let transport = Self.transport()
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data(body))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    @Test(arguments: [
        "HTTP/1.1 204 No Content\r\n\r\n",
        "HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\n",
        "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 102 Processing\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n",
    ])
    func responsesWithoutBodyLeaveTheConnectionReady(first: String) async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.answerNext(with: first)
            _ = try connection.readRequest()
            try connection.write(Self.ok)
        }
        let transport = Self.transport()
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body.isEmpty)
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    /// The first connection stays open to the end of the script: a client that reused it would
    /// wait there for an answer that never comes.
    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 5\r\n\r\nfirst",
        "HTTP/1.1 200 OK\r\nconnection: Keep-Alive, CLOSE\r\nContent-Length: 5\r\n\r\nfirst",
        "HTTP/1.0 200 OK\r\nContent-Length: 5\r\n\r\nfirst",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n5\r\nfirst\r\n0\r\n\r\n",
    ])
    func aConnectionTheServerWillNotKeepIsNotReused(first: String) async throws {
        let server = try ScriptedServer { listener in
            try listener.answerNext(with: first)
            try listener.answerNext(with: Self.ok)
        }
        let transport = Self.transport()
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("first".utf8))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    /// The first connection stays open: a client that reused it would wait there in vain.
    @Test func aConnectionIdleForLongerThanAllowedIsNotReused() async throws {
        let server = try ScriptedServer { listener in
            try listener.answerNext(with: Self.ok)
            try listener.answerNext(with: Self.ok)
        }
        let transport = KeepAliveHTTPTransport(timeout: 10, maximumIdleTime: .zero)
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    @Test func readsABodyWithoutLengthToTheClose() async throws {
        let server = try ScriptedServer { listener in
            let first = try listener.answerNext(with: "HTTP/1.1 200 OK\r\n\r\nuntil the end")
            first.close()
            try listener.answerNext(with: Self.ok)
        }
        let transport = Self.transport()
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("until the end".utf8))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    @Test func anIdleConnectionTheServerClosedIsReplaced() async throws {
        let server = try ScriptedServer { listener in
            let first = try listener.answerNext(with: Self.ok)
            first.close()
            let second = try listener.accept()
            #expect(try second.readRequest().hasPrefix("GET /again "))
            try second.write(Self.ok)
        }
        let transport = Self.transport()
        _ = try await transport.send(TransportRequest(method: .get, url: server.url()))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url("/again"))).body == Data("ok".utf8))
        try await server.finish()
    }

    /// The server takes the request on the reused connection, then closes it without a word:
    /// the request goes again, once, on a new connection.
    @Test func aReusedConnectionClosedBeforeAnyResponseIsRetriedOnceOnANewOne() async throws {
        let server = try ScriptedServer { listener in
            let first = try listener.answerNext(with: Self.ok)
            let dropped = try first.readRequest()
            first.close()
            let second = try listener.accept()
            #expect(try second.readRequest() == dropped)
            try second.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nretry")
        }
        let transport = Self.transport()
        _ = try await transport.send(TransportRequest(method: .get, url: server.url()))
        let retried = try await transport.send(TransportRequest(method: .post, url: server.url("/login"), body: Data("{}".utf8)))
        #expect(retried.body == Data("retry".utf8))
        try await server.finish()
    }

    @Test func aNewConnectionClosedBeforeAnyResponseIsAnError() async throws {
        let server = try ScriptedServer { listener in
            let first = try listener.answerNext(with: Self.ok)
            _ = try first.readRequest()
            first.close()
            let second = try listener.accept()
            _ = try second.readRequest()
            second.close()
        }
        let transport = Self.transport()
        _ = try await transport.send(TransportRequest(method: .get, url: server.url()))
        let error = await #expect(throws: KeepAliveTransportError.self) {
            try await transport.send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error?.isConnectionClosed == true, "\(String(describing: error))")
        try await server.finish()
    }

    /// Once a response has begun, the server may have acted on the request: no second try.
    @Test func aReusedConnectionClosedMidResponseIsNotRetried() async throws {
        let server = try ScriptedServer { listener in
            let first = try listener.answerNext(with: Self.ok)
            _ = try first.readRequest()
            try first.write("HTTP/1.1 200 OK\r\n")
            first.close()
        }
        let transport = Self.transport()
        _ = try await transport.send(TransportRequest(method: .get, url: server.url()))
        let error = await #expect(throws: KeepAliveTransportError.self) {
            try await transport.send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error?.isConnectionClosed == true, "\(String(describing: error))")
        try await server.finish()
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabc",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabcde\r\n",
        "HTTP/1.1 200 OK\r\nContent-Len",
    ])
    func aResponseCutShortIsAnError(truncated: String) async throws {
        let server = try ScriptedServer { listener in
            try listener.answerNext(with: truncated)
        }
        let error = await #expect(throws: KeepAliveTransportError.self) {
            try await Self.transport().send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error?.isConnectionClosed == true, "\(String(describing: error))")
        try await server.finish()
    }

    @Test(arguments: [
        "SSH-2.0-OpenSSH_9.6\r\n\r\n",
        "HTTP/1.1 2x0 OK\r\n\r\n",
        "HTTP/2 200\r\n\r\n",
        "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
        "HTTP/1.1 200 OK\r\nBad Name: x\r\n\r\n",
        "HTTP/1.1 200 OK\r\n folded: x\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: -5\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 5, 6\r\n\r\nabcdef",
        "HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999999\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n+5\r\nabcde\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFF\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcXY\r\n0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 70_000),
    ])
    func garbageIsAMalformedResponse(garbage: String) async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.answerNext(with: garbage)
            try connection.waitForClientToClose()
        }
        let error = await #expect(throws: KeepAliveTransportError.self) {
            try await Self.transport().send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error?.isMalformedResponse == true, "\(String(describing: error))")
        try await server.finish()
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            _ = try connection.readRequest()
            try connection.waitForClientToClose()
        }
        let error = await #expect(throws: KeepAliveTransportError.self) {
            try await Self.transport(timeout: 0.2).send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error == .timedOut(address: "127.0.0.1:\(server.port)", seconds: 0.2))
        try await server.finish()
    }

    /// With a backlog of 0 the listener queues one connection (the idle client's) and drops
    /// the next handshake while the script accepts nothing. (Were the client's connection taken
    /// after all, its unanswered request would time out just the same.)
    @Test func aServerThatNeverAcceptsTimesOut() async throws {
        let clientGaveUp = DispatchSemaphore(value: 0)
        let server = try ScriptedServer(backlog: 0) { listener in
            clientGaveUp.wait()
            _ = try listener.accept()
        }
        let queued = try IdleClient(port: server.port)
        let error = await #expect(throws: KeepAliveTransportError.self) {
            try await Self.transport(timeout: 0.2).send(TransportRequest(method: .get, url: server.url()))
        }
        clientGaveUp.signal()
        #expect(error == .timedOut(address: "127.0.0.1:\(server.port)", seconds: 0.2))
        withExtendedLifetime(queued) {}
        try await server.finish()
    }

    @Test func cancellingTheTaskInterruptsTheRequest() async throws {
        let (arrived, arrival) = AsyncStream.makeStream(of: Void.self)
        let server = try ScriptedServer { listener in
            defer { arrival.finish() }
            let connection = try listener.accept()
            _ = try connection.readRequest()
            arrival.yield()
            try connection.waitForClientToClose()
        }
        // The cancel waits for this test's task to get the cooperative pool again, which in the
        // full suite can take longer than the default 30 s: the timeout must not win the race.
        let transport = Self.transport(timeout: 600)
        let request = Task { try await transport.send(TransportRequest(method: .get, url: server.url())) }
        for await _ in arrived { break }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
        try await server.finish()
    }

    @Test func nothingListeningCannotConnect() async throws {
        let refusing = try RefusingPort()
        let error = await #expect(throws: KeepAliveTransportError.self) {
            try await Self.transport().send(TransportRequest(method: .get, url: URL(string: "http://127.0.0.1:\(refusing.port)/")!))
        }
        #expect(error == .cannotConnect(address: "127.0.0.1:\(refusing.port)", reason: "Connection refused"))
    }

    @Test(arguments: ["https://127.0.0.1/", "ftp://127.0.0.1/", "http:/no-host", "http://127.0.0.1:0/", "http://127.0.0.1:70000/"])
    func onlyPlainHTTPURLsAreSent(url: String) async throws {
        await #expect(throws: KeepAliveTransportError.unsupportedURL(url)) {
            try await Self.transport().send(TransportRequest(method: .get, url: URL(string: url)!))
        }
    }

    @Test(arguments: [["X-Evil": "a\r\nInjected: yes"], ["Bad Name": "x"], ["": "x"], ["X-Nul": "a\u{0}b"]])
    func headersThatWouldBreakTheMessageAreRefused(headers: [String: String]) async throws {
        await #expect(throws: KeepAliveTransportError.invalidHeader(name: headers.keys.first!)) {
            try await Self.transport().send(TransportRequest(method: .get, url: URL(string: "http://127.0.0.1:1/")!, headers: headers))
        }
    }

    @Test func errorsExplainThemselves() {
        let error = KeepAliveTransportError.timedOut(address: "127.0.0.1:8080", seconds: 0.5)
        #expect(error.localizedDescription == "127.0.0.1:8080 timed out: nothing for 0.5 s")
        #expect(ExposureError.transport(error).description == "transport failure: 127.0.0.1:8080 timed out: nothing for 0.5 s")
    }
}

extension KeepAliveTransportError {
    var isConnectionClosed: Bool {
        if case .connectionClosed = self { return true }
        return false
    }

    var isMalformedResponse: Bool {
        if case .malformedResponse = self { return true }
        return false
    }
}
