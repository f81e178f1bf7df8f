#if canImport(CCurl)
import Exposure
import ExposureModels
import Foundation
import Testing
import TestSupport

/// ``CurlTransport`` against ``ScriptedServer``s, for the wire shapes the mock never produces on
/// demand (chunked and close-delimited bodies, interim answers, a 304 announcing a length,
/// redirects, servers that close or never answer). Each script states which connections the
/// client must open and what goes over them, so reuse is checked by the connections themselves:
/// a request on a connection the script does not read from would wait there in vain.
@Suite("CurlTransport on the wire", .onItsOwnQueue)
struct CurlTransportWireTests {
    static let ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"

    /// Long enough never to fire in a loaded suite, where a test's task may wait a minute for the
    /// cooperative pool; only the tests about timeouts use a short one. The idle limit too: past
    /// the default 20 s between two requests libcurl would open a second connection, which these
    /// scripts (one connection each) refuse.
    let transport = CurlTransport(timeout: 600, maximumIdleSeconds: 3600, environment: [:])

    @Test func sendsTheRequestHeadAndBodyAsGiven() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            let lines = try connection.readRequest().components(separatedBy: "\r\n")
            try #require(lines.count == 8)
            #expect(lines[0] == "POST /v1/a%20b?x=1&y=%2F HTTP/1.1")
            #expect(
                Set(lines[1...5]) == [
                    "Host: 127.0.0.1:\(listener.port)", "Content-Type: application/json",
                    "X-Request-Id: 7", "Content-Length: 4", "User-Agent: \(ProductVersion.userAgent)"
                ])
            #expect(lines[6...] == ["", "body"])
            try connection.write(Self.ok)
        }
        let response = try await transport.send(
            TransportRequest(
                method: .post, url: server.url("/v1/a%20b?x=1&y=%2F#fragment"),
                headers: ["Content-Type": "application/json", "X-Request-Id": "7", "content-length": "99"], body: Data("body".utf8)))
        #expect(response.status == 200)
        #expect(response.body == Data("ok".utf8))
        try await server.finish()
    }

    @Test(arguments: [(HTTPMethod.put, "PUT / HTTP/1.1", true), (.delete, "DELETE / HTTP/1.1", false), (.post, "POST / HTTP/1.1", true)])
    func methodsGoAsThemselvesWithALengthWhereTheyCarryABody(method: HTTPMethod, requestLine: String, hasLength: Bool) async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            let request = try connection.readRequest()
            #expect(request.hasPrefix(requestLine + "\r\n"))
            #expect(request.contains("\r\nContent-Length: 0\r\n") == hasLength)
            #expect(!request.contains("Content-Type"))
            try connection.write(Self.ok)
        }
        _ = try await transport.send(TransportRequest(method: method, url: server.url()))
        try await server.finish()
    }

    /// One handle and connection for all of them: nothing one method sets leaks into the next.
    @Test func methodAfterMethodOnOneHandleEachGoesAsItself() async throws {
        let sequence: [(HTTPMethod, Data?, String)] = [
            (.head, nil, "HEAD /0 HTTP/1.1"), (.post, Data("{}".utf8), "POST /1 HTTP/1.1"), (.get, nil, "GET /2 HTTP/1.1"),
            (.put, Data("x".utf8), "PUT /3 HTTP/1.1"), (.delete, nil, "DELETE /4 HTTP/1.1"), (.get, nil, "GET /5 HTTP/1.1")
        ]
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            for (method, body, requestLine) in sequence {
                let request = try connection.readRequest()
                #expect(request.hasPrefix(requestLine + "\r\n"), "\(request)")
                #expect(request.contains("Content-Length: \(body?.count ?? 0)\r\n") == (body != nil), "\(request)")
                #expect(request.hasSuffix("\r\n\r\n" + String(decoding: body ?? Data(), as: UTF8.self)), "\(request)")
                try connection.write(method == .head ? "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n" : Self.ok)
            }
        }
        let transport = CurlTransport(timeout: 600, maximumIdleSeconds: 3600, environment: [:])
        for (index, (method, body, _)) in sequence.enumerated() {
            let response = try await transport.send(TransportRequest(method: method, url: server.url("/\(index)"), body: body))
            #expect(response.body == (method == .head ? Data() : Data("ok".utf8)))
        }
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
        for index in 0..<3 {
            let response = try await transport.send(TransportRequest(method: .get, url: server.url("/\(index)")))
            #expect(response.body == Data("\(index)".utf8))
        }
        try await server.finish()
    }

    @Test func keepsResponseHeaderNamesAsSentAndJoinsRepeatedOnes() async throws {
        let server = try ScriptedServer { listener in
            try listener.answerNext(
                with: "HTTP/1.1 404 Not Found\r\nX-Custom-Header:  spaced value \r\nset-cookie: a=1\r\n"
                    + "Set-Cookie: b=2\r\ncontent-length: 0\r\n\r\n")
        }
        let response = try await transport.send(TransportRequest(method: .get, url: server.url()))
        #expect(response.status == 404)
        #expect(response.headers == ["X-Custom-Header": "spaced value", "set-cookie": "a=1, b=2", "content-length": "0"])
        #expect(response.body.isEmpty)
        try await server.finish()
    }

    @Test func readsChunkedBodiesDropsTrailersAndKeepsTheConnection() async throws {
        let big = String(repeating: "x", count: 100_000)
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            _ = try connection.readRequest()
            try connection.write(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Trailer\r\n\r\n"
                    + "5;name=value\r\nhello\r\n9\r\n, chunked\r\n\(String(big.utf8.count, radix: 16))\r\n\(big)\r\n"
                    + "0\r\nX-Trailer: dropped\r\n\r\n")
            _ = try connection.readRequest()
            try connection.write(Self.ok)
        }
        let chunked = try await transport.send(TransportRequest(method: .get, url: server.url()))
        #expect(chunked.body == Data(("hello, chunked" + big).utf8))
        #expect(chunked.headers == ["Transfer-Encoding": "chunked", "Trailer": "X-Trailer"])
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    @Test func readsABodyWithoutLengthToTheCloseThenConnectsAgain() async throws {
        let server = try ScriptedServer { listener in
            try listener.closeAfterAnswering("HTTP/1.1 200 OK\r\n\r\nuntil the end")
            try listener.answerNext(with: Self.ok)
        }
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("until the end".utf8))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    @Test(arguments: [
        "HTTP/1.1 204 No Content\r\n\r\n",
        "HTTP/1.1 304 Not Modified\r\nContent-Length: 5\r\n\r\n",
        "HTTP/1.1 100 Continue\r\nX-Interim: 1\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
    ])
    func responsesWithoutBodyLeaveTheConnectionReady(first: String) async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.answerNext(with: first)
            _ = try connection.readRequest()
            try connection.write(Self.ok)
        }
        let empty = try await transport.send(TransportRequest(method: .get, url: server.url()))
        #expect(empty.body.isEmpty)
        #expect(empty.header(named: "X-Interim") == nil)
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    @Test func aHeadRequestReadsNoBodyWhateverTheLengthSays() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            #expect(try connection.readRequest().hasPrefix("HEAD /file HTTP/1.1\r\n"))
            try connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
            _ = try connection.readRequest()
            try connection.write(Self.ok)
        }
        let head = try await transport.send(TransportRequest(method: .head, url: server.url("/file")))
        #expect(head.status == 200)
        #expect(head.header(named: "content-length") == "1000")
        #expect(head.body.isEmpty)
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        try await server.finish()
    }

    /// The server closes its side after an answer that said nothing of closing: the next request
    /// finds the kept-alive connection dead and goes on a new one.
    @Test func aKeptAliveConnectionTheServerClosedIsReplaced() async throws {
        let server = try ScriptedServer { listener in
            try listener.closeAfterAnswering(Self.ok)
            let second = try listener.accept()
            #expect(try second.readRequest().hasPrefix("GET /again "))
            try second.write(Self.ok)
        }
        _ = try await transport.send(TransportRequest(method: .get, url: server.url()))
        #expect(try await transport.send(TransportRequest(method: .get, url: server.url("/again"))).body == Data("ok".utf8))
        try await server.finish()
    }

    /// The server reads the request on the reused connection, then closes it without a word:
    /// libcurl sends it again, once, on a new connection.
    @Test func aReusedConnectionClosedBeforeAnyResponseIsRetriedOnANewOne() async throws {
        let server = try ScriptedServer { listener in
            let first = try listener.answerNext(with: Self.ok)
            let dropped = try first.readRequest()
            first.close()
            let second = try listener.accept()
            #expect(try second.readRequest() == dropped)
            try second.write("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nretry")
        }
        _ = try await transport.send(TransportRequest(method: .get, url: server.url()))
        let retried = try await transport.send(TransportRequest(method: .post, url: server.url("/login"), body: Data("{}".utf8)))
        #expect(retried.body == Data("retry".utf8))
        try await server.finish()
    }

    @Test func redirectsAreFollowedAndOnlyTheFinalHeadIsKept() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            _ = try connection.readRequest()
            try connection.write("HTTP/1.1 302 Found\r\nLocation: /moved\r\nX-Hop: 1\r\nContent-Length: 6\r\n\r\nmoving")
            #expect(try connection.readRequest().hasPrefix("GET /moved HTTP/1.1\r\n"))
            try connection.write("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nhere")
        }
        let response = try await transport.send(TransportRequest(method: .get, url: server.url("/old")))
        #expect(response.status == 200)
        #expect(response.body == Data("here".utf8))
        #expect(response.header(named: "X-Hop") == nil)
        try await server.finish()
    }

    @Test func moreRedirectsThanFollowedFail() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            for _ in 0...CurlTransport.maximumRedirects {
                _ = try connection.readRequest()
                try connection.write("HTTP/1.1 302 Found\r\nLocation: /again\r\nContent-Length: 0\r\n\r\n")
            }
        }
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error?.code == .tooManyRedirects, "\(String(describing: error))")
        try await server.finish()
    }

    /// The script ends only once the client has closed its kept-alive connection.
    @Test func releasingTheTransportClosesItsConnections() async throws {
        let server = try ScriptedServer { listener in
            try listener.answerNext(with: Self.ok).waitForClientToClose()
        }
        do {
            let released = CurlTransport(timeout: 600, maximumIdleSeconds: 3600, environment: [:])
            #expect(try await released.send(TransportRequest(method: .get, url: server.url())).body == Data("ok".utf8))
        }
        try await server.finish()
    }

    @Test(arguments: ["SSH-2.0-OpenSSH_9.6\r\n\r\n", "HTTP/1.1 2x0 OK\r\n\r\n"])
    func garbageIsAMalformedResponse(garbage: String) async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.answerNext(with: garbage)
            try connection.waitForClientToClose()
        }
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error?.code == .malformedResponse, "\(String(describing: error))")
        try await server.finish()
    }

    @Test(arguments: ["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabc"])
    func aResponseCutShortIsAConnectionLost(truncated: String) async throws {
        let server = try ScriptedServer { listener in
            try listener.closeAfterAnswering(truncated)
        }
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error?.code == .connectionLost, "\(String(describing: error))")
        try await server.finish()
    }

    @Test func aServerThatNeverAnswersTimesOutWithinASecond() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            _ = try connection.readRequest()
            try connection.waitForClientToClose()
        }
        let error = await #expect(throws: CurlTransportError.self) {
            try await CurlTransport(timeout: 0.2, environment: [:]).send(TransportRequest(method: .get, url: server.url()))
        }
        #expect(error?.code == .timedOut, "\(String(describing: error))")
        #expect(error?.server == "http://127.0.0.1:\(server.port)")
        try await server.finish()
    }

    /// The script ends only once the client has closed the connection: the transfer is taken
    /// off, not left running behind the cancelled task.
    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let (arrived, arrival) = AsyncStream.makeStream(of: Void.self)
        let server = try ScriptedServer { listener in
            defer { arrival.finish() }
            let connection = try listener.accept()
            _ = try connection.readRequest()
            arrival.yield()
            try connection.waitForClientToClose()
        }
        // A child task, not `Task {}`: it runs on the test's own queue, as the test does.
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { _ = try await transport.send(TransportRequest(method: .get, url: server.url())) }
            for await _ in arrived { break }
            group.cancelAll()
            await #expect(throws: CancellationError.self) { try await group.next() }
        }
        try await server.finish()
    }

    @Test func aTaskCancelledBeforeSendingSendsNothing() async throws {
        let refusing = try RefusingPort()
        let request = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await transport.send(TransportRequest(method: .get, url: URL(string: "http://127.0.0.1:\(refusing.port)/")!))
        }
        await #expect(throws: CancellationError.self) { try await request.value }
    }

    /// A plain-HTTP server answering the TLS handshake: `https` must fail there, in TLS, which
    /// shows the transport does speak TLS for `https`.
    @Test func httpsIsTLS() async throws {
        let server = try ScriptedServer { listener in
            let connection = try listener.accept()
            try connection.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            try connection.waitForClientToClose()
        }
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.send(TransportRequest(method: .get, url: URL(string: "https://127.0.0.1:\(server.port)/")!))
        }
        #expect(error?.code == .tls, "\(String(describing: error))")
        #expect(error?.server == "https://127.0.0.1:\(server.port)")
        try await server.finish()
    }

    @Test func nothingListeningCannotConnect() async throws {
        let refusing = try RefusingPort()
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.send(TransportRequest(method: .get, url: URL(string: "http://127.0.0.1:\(refusing.port)/")!))
        }
        #expect(error?.code == .cannotConnect, "\(String(describing: error))")
    }
}

extension ScriptedServer.Listener {
    /// Accepts the next connection, reads one request, writes `answer` and closes.
    func closeAfterAnswering(_ answer: String) throws {
        try answerNext(with: answer).close()
    }
}
#endif
