import Foundation
import HTTPServer
import TestSupport
import Testing

/// What a responder sees of a request that came over a real socket.
@Suite(.onItsOwnQueue) struct HTTPServerRequestTests {
    /// Captures the request the responder received.
    final class Capture: @unchecked Sendable {
        // @unchecked: `request` is only touched with `lock` held.
        private let lock = NSLock()
        private var stored: HTTPRequest?
        var request: HTTPRequest? { lock.withLock { stored } }
        func keep(_ request: HTTPRequest) { lock.withLock { stored = request } }
    }

    @Test func rawQueryIsKeptExactly() async throws {
        let capture = Capture()
        try await withServer({
            capture.keep($0)
            return .text("ok")
        }) { server in
            let query = "fields=a%2Cb&fields=c&empty=&flag&space=x+y%20z"
            _ = try await HTTPClient.send(port: server.port, "/v1/assets?\(query)")
            let request = try #require(capture.request)
            #expect(request.rawQuery == query)
            #expect(request.path == "/v1/assets")
            #expect(request.query.list("fields") == ["a", "b", "c"])
            #expect(request.query["space"] == "x y z")
            #expect(request.query["flag"] == "")
        }
    }

    @Test func pathIsDecodedAndQueryAbsentIsEmpty() async throws {
        let capture = Capture()
        try await withServer({
            capture.keep($0)
            return .text("ok")
        }) { server in
            _ = try await HTTPClient.send(port: server.port, "/a%20b/c")
            #expect(capture.request?.path == "/a b/c")
            #expect(capture.request?.rawQuery == "")
        }
    }

    @Test func headersArriveInOrderWithRemoteAddress() async throws {
        let capture = Capture()
        try await withServer({
            capture.keep($0)
            return .text("ok")
        }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /h HTTP/1.1\r\nHost: x\r\nX-B: 2\r\nX-A: 1\r\nx-b: 3\r\n\r\n")
            _ = await connection.readResponse()
            let request = try #require(capture.request)
            #expect(request.headers.map(\.name) == ["Host", "X-B", "X-A", "x-b"])
            #expect(request.headers["x-a"] == "1")
            #expect(request.remoteAddress == "127.0.0.1")
            #expect(request.method == .get)
        }
    }

    @Test func postBodyRoundTrips() async throws {
        try await withServer({ request in
            HTTPResponse(status: 201, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        }) { server in
            let body = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
            let (status, _, echoed) = try await HTTPClient.send("POST", port: server.port, "/upload", body: body)
            #expect(status == 201)
            #expect(echoed == body)
        }
    }

    @Test func chunkedBodyIsAssembled() async throws {
        try await withServer({ .text(String(decoding: $0.body, as: UTF8.self)) }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("POST /c HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n")
            let response = await connection.readResponse()
            #expect(response.head.hasPrefix("HTTP/1.1 200"))
            #expect(String(decoding: response.body, as: UTF8.self) == "hello world")
        }
    }

    @Test func oversizedBodyByContentLengthIs413WithAppBody() async throws {
        let server = HTTPServer(
            configuration: .init(
                port: 0, maxBodyBytes: 1000,
                errorResponse: { status, message in .text("{\"status\":\(status)}", status: status, contentType: "application/json") },
                errorLog: { _ in }
            ),
            responder: echoResponder
        )
        try server.start()
        defer { server.stop() }
        let connection = try await RawConnection(port: server.port)
        // Announce far more than is sent: the answer must not wait for the body.
        await connection.send("POST /u HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\nabc")
        let response = await connection.readResponse()
        #expect(response.head.hasPrefix("HTTP/1.1 413"))
        #expect(String(decoding: response.body, as: UTF8.self) == "{\"status\":413}")
        #expect(response.head.lowercased().contains("connection: close"))
        // URLSession sees the same status.
        let (status, _, _) = try await HTTPClient.send("POST", port: server.port, "/u", body: Data(count: 1001))
        #expect(status == 413)
    }

    @Test func oversizedChunkedBodyIs413() async throws {
        try await withServer(maxBodyBytes: 1000, responder: echoResponder) { server in
            let connection = try await RawConnection(port: server.port)
            let chunk = String(repeating: "x", count: 800)
            await connection.send("POST /u HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            await connection.send("320\r\n\(chunk)\r\n320\r\n\(chunk)\r\n0\r\n\r\n")
            let response = await connection.readResponse()
            #expect(response.head.hasPrefix("HTTP/1.1 413"))
        }
    }

    @Test func endlessChunkedBodyIsCutOff() async throws {
        try await withServer(maxBodyBytes: 1000, responder: echoResponder) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("POST /u HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
            let chunk = "3e8\r\n" + String(repeating: "x", count: 1000) + "\r\n"
            for _ in 0..<10 { await connection.send(chunk) }
            let (data, end) = await connection.readToEnd()
            #expect(data.isEmpty)
            #expect(end != .open)
        }
    }

    @Test func unknownMethodReachesTheResponder() async throws {
        try await withServer(responder: echoResponder) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = await connection.readResponse()
            #expect(response.head.hasPrefix("HTTP/1.1 200"))
            #expect(String(decoding: response.body, as: UTF8.self).contains("method: BREW"))
        }
    }

    static let malformed: [String: String] = [
        "not HTTP": "garbage\r\n\r\n",
        "no target": "GET\r\n\r\n",
        "unknown version": "GET / HTTP/9.9\r\n\r\n",
        "header without colon": "GET / HTTP/1.1\r\nNo-Colon-Header\r\n\r\n",
        "non-numeric length": "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\n\r\n",
        "huge header": "GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 100_000))\r\n\r\n"
    ]

    @Test(arguments: malformed.keys.sorted())
    func malformedRequestsDoNotHurtTheServer(kind: String) async throws {
        try await withServer(responder: echoResponder) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send(Self.malformed[kind]!)
            _ = await connection.readToEnd()
            let (status, _, _) = try await HTTPClient.send(port: server.port, "/still-alive")
            #expect(status == 200)
        }
    }

    @Test func headHasContentLengthButNoBody() async throws {
        try await withServer({ _ in .text(String(repeating: "b", count: 2048)) }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("HEAD /x HTTP/1.1\r\nHost: x\r\n\r\nGET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = await connection.readResponse(hasBody: false)
            #expect(head.head.hasPrefix("HTTP/1.1 200"))
            #expect(RawConnection.contentLength(in: head.head) == 2048)
            // Had HEAD carried a body, these bytes would be read as the next status line.
            let get = await connection.readResponse()
            #expect(get.head.hasPrefix("HTTP/1.1 200"))
            #expect(get.body.count == 2048)
        }
    }

    @Test func responderHeadersAreSentButFramingIsTheServers() async throws {
        try await withServer({ _ in
            HTTPResponse(status: 200, headers: ["X-Custom": "yes", "Content-Length": "999"], body: Data("abc".utf8))
        }) { server in
            let (status, headers, body) = try await HTTPClient.send(port: server.port, "/")
            #expect(status == 200)
            #expect(headers["X-Custom"] as? String == "yes")
            #expect(body == Data("abc".utf8))
        }
    }

    @Test func invalidStatusBecomes500() async throws {
        try await withServer({ _ in HTTPResponse(status: 42) }) { server in
            let (status, _, _) = try await HTTPClient.send(port: server.port, "/")
            #expect(status == 500)
        }
    }
}
