import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// What the server adds around a responder's answer: framing, Date, Connection, 100-continue,
/// bodyless statuses, and large bodies sent from page-cache files.
@Suite(.onItsOwnQueue) struct HTTPServerFramingTests {
    /// A body the responder hands out again and again from the same storage, like a cached playlist.
    static let bigBody = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) })

    @Test func aRepeatedLargeBodyArrivesIdenticalEveryTime() async throws {
        let body = Self.bigBody
        try await withServer({ _ in HTTPResponse(status: 200, body: body) }) { server in
            let connection = try await RawConnection(port: server.port)
            for round in 0..<4 {
                await connection.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = await connection.readResponse()
                #expect(response.head.hasPrefix("HTTP/1.1 200"), "round \(round)")
                #expect(response.body == body, "round \(round)")
                await connection.send("HEAD /big HTTP/1.1\r\nHost: x\r\n\r\n")
                let head = await connection.readResponse(hasBody: false)
                #expect(RawConnection.contentLength(in: head.head) == body.count)
            }
            await connection.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await connection.readResponse().body == body, "framing intact after the HEADs")
        }
    }

    @Test func clientsLeavingMidBodyHurtNothing() async throws {
        // Sent from a page-cache file after the first time: sendfile raises SIGPIPE at a peer that
        // has gone, which would end this whole test process unless the server blocks it.
        let body = Data(repeating: 0x37, count: 8 << 20)
        try await withServer({ _ in HTTPResponse(status: 200, body: body) }) { server in
            for _ in 0..<4 {
                let leaving = try await RawConnection(port: server.port)
                await leaving.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = await leaving.readResponse(hasBody: false)
            }
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(await connection.readResponse().body == body)
        }
    }

    @Test func everyAnswerCarriesADate() async throws {
        try await withServer({ _ in .text("x") }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = await connection.readResponse().head
            let date = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("date: ") }
            #expect(date.map { $0.hasSuffix(" GMT") && $0.count == "Date: Sun, 06 Nov 1994 08:49:37 GMT".count } == true)
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withServer({ _ in .text("bye") }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            let response = await connection.readResponse()
            #expect(response.head.lowercased().contains("connection: close"))
            #expect(await connection.readToEnd().end == .closed)
        }
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() async throws {
        try await withServer({ _ in .text("old") }) { server in
            let kept = try await RawConnection(port: server.port)
            await kept.send("GET /1 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(await kept.readResponse().head.lowercased().contains("connection: keep-alive"))
            await kept.send("GET /2 HTTP/1.0\r\n\r\n")
            #expect(String(decoding: await kept.readResponse().body, as: UTF8.self) == "old")
            #expect(await kept.readToEnd().end == .closed)
        }
    }

    @Test func expectContinueGetsAGoAheadBeforeTheBody() async throws {
        try await withServer({ .text(String(decoding: $0.body, as: UTF8.self)) }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("POST /u HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            let goAhead = await connection.readResponse(hasBody: false)
            #expect(goAhead.head.hasPrefix("HTTP/1.1 100"))
            await connection.send("hello")
            #expect(String(decoding: await connection.readResponse().body, as: UTF8.self) == "hello")
        }
    }

    @Test(arguments: [204, 304])
    func bodylessStatusesSendNoBody(status: Int) async throws {
        try await withServer({ _ in HTTPResponse(status: status, body: Data("ignored".utf8)) }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
            let first = await connection.readResponse(hasBody: false)
            #expect(first.head.hasPrefix("HTTP/1.1 \(status)"))
            // libmicrohttpd 0.9.75 announces `Content-Length: 0` on a 304 (the mock sends none).
            #expect(RawConnection.contentLength(in: first.head) == (status == 304 ? 0 : nil))
            // Had the body gone out, it would be read as the next status line.
            #expect(await connection.readResponse(hasBody: false).head.hasPrefix("HTTP/1.1 \(status)"))
        }
    }

    @Test func headerFieldsThatWouldSplitTheHeadAreDropped() async throws {
        try await withServer({ _ in
            HTTPResponse(status: 200, headers: ["X-Evil": "a\r\nInjected: yes", "X-Fine": "ok"], body: Data("b".utf8))
        }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = await connection.readResponse().head
            #expect(!head.contains("Injected"))
            #expect(head.contains("X-Fine: ok"))
        }
    }

    @Test func headsWithBareLineFeedsAreRead() async throws {
        try await withServer({ .text("you asked for \($0.path)") }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /lf HTTP/1.1\nHost: x\n\n")
            #expect(String(decoding: await connection.readResponse().body, as: UTF8.self) == "you asked for /lf")
        }
    }

    @Test func http11WithoutHostIs400() async throws {
        try await withServer({ _ in .text("x") }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET / HTTP/1.1\r\n\r\n")
            #expect(await connection.readResponse().head.hasPrefix("HTTP/1.1 400"))
        }
    }

    /// "10\n" (a size line ended by a bare LF) is in HTTPServerCapacityTests: libmicrohttpd
    /// waits for that chunk until the connection timeout, even after the client's end of stream.
    @Test(arguments: ["-FFFFFFFFFFFFFF", "+10", "1 0", "0x10"])
    func malformedChunkSizesAre400(size: String) async throws {
        try await withServer({ .text(String(decoding: $0.body, as: UTF8.self)) }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("POST /u HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n\(size)\r\n")
            let response = await connection.readResponse()
            #expect(response.head.hasPrefix("HTTP/1.1 400") || response.head.isEmpty, "no request made of \(size)")
            #expect(!response.head.hasPrefix("HTTP/1.1 200"))
        }
    }

    @Test func a413ReachesAClientStillSendingItsBody() async throws {
        try await withServer(maxBodyBytes: 1000, { _ in .text("x") }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("POST /u HTTP/1.1\r\nHost: x\r\nContent-Length: 200000\r\n\r\n")
            await connection.send(Data(repeating: 0x61, count: 200_000))
            let response = await connection.readResponse()
            #expect(response.head.hasPrefix("HTTP/1.1 413"), "the answer survived the unread body")
        }
    }

    @Test func unreadableRequestsAreLogged() async throws {
        let messages = Mutex<[String]>([])
        let server = HTTPServer(
            configuration: .init(port: 0, errorLog: { message in messages.withLock { $0.append(message) } }),
            responder: ClosureResponder { _ in .text("x") }
        )
        try server.start()
        defer { server.stop() }
        let connection = try await RawConnection(port: server.port)
        await connection.send("GET / HTTP/1.1\r\n\r\n")
        #expect(await connection.readResponse().head.hasPrefix("HTTP/1.1 400"))
        server.stop()
        #expect(messages.withLock { $0 }.contains { $0.contains("Host") })
    }

    /// Heads whose body framing two parties could read differently (request smuggling) are
    /// refused and the connection closed, so nothing sent after them is read as a request.
    @Test(arguments: [
        "Content-Length: 4\r\nTransfer-Encoding: chunked",
        "Content-Length: 3\r\nContent-Length: 5",
        "Transfer-Encoding: gzip, chunked"
    ])
    func ambiguousFramingIsRefusedAndCloses(fields: String) async throws {
        let reached = Mutex<[String]>([])
        try await withServer({ request in
            reached.withLock { $0.append(request.path) }
            return .text("x")
        }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("POST /first HTTP/1.1\r\nHost: x\r\n\(fields)\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = await connection.readResponse()
            #expect(response.head.hasPrefix("HTTP/1.1 400") || response.head.hasPrefix("HTTP/1.1 501"))
            #expect(await connection.readToEnd().end != .open)
        }
        #expect(reached.withLock { $0 }.isEmpty, "a refused head or what followed it reached the responder")
    }
}
