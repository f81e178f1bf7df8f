import Clocks
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Many connections, and connections that stall: what the thread-per-connection server could not
/// take (it refused every client past 1,000 and let a stalled head hold its thread).
@Suite(.onItsOwnQueue) struct HTTPServerCapacityTests {
    /// Client and server ends share this process's open-file limit, which starting the server
    /// raises to fit its connection limit. One worker thread, which accepts connections in the
    /// order they were made; no timeout ends an idle connection while the test makes the rest
    /// (a head's deadline is on a clock that does not move, libmicrohttpd's is an hour away).
    @Test func twoThousandIdleConnectionsDoNotStopANormalRequest() async throws {
        try await withServer(
            workerThreads: 1, connectionTimeoutSeconds: 3_600, clock: ManualClock(),
            responder: ClosureResponder { _ in .text("still here") }
        ) { server in
            // Half say nothing at all, half stop in the middle of a request head.
            var idle: [RawConnection] = []
            for index in 0..<2_000 {
                let connection = try await RawConnection(port: server.port)
                if index.isMultiple(of: 2) { await connection.send("GET /never-finished HTTP/1.1\r\nHo") }
                idle.append(connection)
            }
            let normal = try await RawConnection(port: server.port)
            await normal.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = await normal.readResponse()
            // The listen queue is first in, first out: the normal connection, connected last, is
            // answered only after the worker took or refused every idle one (a refused one is closed).
            var refused = 0
            for connection in idle where await connection.hasBytesWaiting() { refused += 1 }
            #expect(refused == 0 && server.openConnections >= idle.count, "the server did not take every connection")
            #expect(response.head.hasPrefix("HTTP/1.1 200"))
            #expect(String(decoding: response.body, as: UTF8.self) == "still here")
        }
    }

    /// libmicrohttpd counts its timeout in whole seconds, so this one test waits one real second:
    /// a head left unfinished, a kept-alive connection left idle and a chunked body whose size
    /// line ends in a bare LF (libmicrohttpd waits for that chunk even after the client's end of
    /// stream) are all closed by then.
    @Test func connectionsStalledPastTheTimeoutAreClosed() async throws {
        let server = HTTPServer(
            configuration: .init(port: 0, connectionTimeoutSeconds: 1, errorLog: { _ in }),
            responder: ClosureResponder { _ in .text("x") }
        )
        try server.start()
        defer { server.stop() }
        let stalled = try await RawConnection(port: server.port)
        await stalled.send("GET / HTTP/1.1\r\nHost: x\r\nX-Half")
        let chunk = try await RawConnection(port: server.port)
        await chunk.send("POST /u HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10\n\r\n")
        chunk.finishSending()
        let idle = try await RawConnection(port: server.port)
        await idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = await idle.readResponse()
        #expect(await stalled.readToEnd().end != .open, "a head left unfinished kept its connection")
        #expect(await idle.readToEnd().end == .closed, "an idle kept-alive connection stayed open")
        let (chunkData, chunkEnd) = await chunk.readToEnd()
        #expect(chunkEnd != .open, "a chunk never completed kept its connection")
        #expect(!String(decoding: chunkData, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    }

    /// A head must arrive in full within `requestHeadTimeout` however steadily it trickles in
    /// (libmicrohttpd's own timeout only counts silence); on the virtual clock, so no waiting.
    ///
    /// One worker thread, so the server's order is the test's: that thread accepts connections
    /// in the order they were made and finishes an answer (the connection then awaits its next
    /// head) before it reads the next request, so a probe's answer tells the test the server has
    /// seen everything before it.
    @Test func headsNotCompleteInTimeAreClosedEvenWhileTrickling() async throws {
        let clock = ManualClock()
        let server = HTTPServer(
            configuration: .init(port: 0, workerThreads: 1, requestHeadTimeout: .seconds(10), clock: clock, errorLog: { _ in }),
            responder: ClosureResponder { _ in .text("answered") }
        )
        try server.start()
        defer { server.stop() }
        let trickling = try await RawConnection(port: server.port)
        let silent = try await RawConnection(port: server.port)
        let inTime = try await RawConnection(port: server.port)
        try await Self.probe(server)
        #expect(server.awaitingHeads >= 3, "the three connections are waiting for their heads")
        await silent.send("GET / HTTP/1.1\r\nHo")
        for piece in ["GET / HT", "TP/1.1\r\n", "Host: x\r\n", "X-Slow: 1\r\n"] {
            await trickling.send(piece)
            clock.advance(by: .seconds(2))
        }
        // 8 s in: a head completed now is answered, and its connection kept.
        await inTime.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(String(decoding: await inTime.readResponse().body, as: UTF8.self) == "answered")
        try await Self.probe(server)
        #expect(server.awaitingHeads >= 3, "the answered connection waits for its next head")
        clock.advance(by: .seconds(2))
        #expect(await trickling.readToEnd().end == .closed, "a head trickling in past its deadline kept its connection")
        #expect(await silent.readToEnd().end == .closed, "a silent head kept its connection")
        #expect(await !inTime.hasBytesWaiting(), "a connection whose head came in time was cut")
    }

    /// Asks a single-worker `server` for an answer on a new connection: once it arrives, the
    /// server has accepted every earlier connection and finished every earlier answer.
    private static func probe(_ server: HTTPServer) async throws {
        let probe = try await RawConnection(port: server.port)
        await probe.send("GET /probe HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = await probe.readResponse()
    }
}
