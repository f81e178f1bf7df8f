import Clocks
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Many connections, and connections that stall: what the thread-per-connection server could not
/// take (it refused every client past 1,000 and let a stalled head hold its thread).
@Suite struct HTTPServerCapacityTests {
    /// Client and server ends share this process's open-file limit, which starting the server
    /// raises to fit its connection limit.
    @Test func twoThousandIdleConnectionsDoNotStopANormalRequest() async throws {
        try await withServer({ _ in .text("still here") }) { server in
            let port = server.port
            let outcome = try await offThePool { () -> (accepted: Bool, head: String, body: String) in
                // Half say nothing at all, half stop in the middle of a request head.
                let idle = try (0..<2_000).map { index in
                    let connection = try RawConnection(port: port)
                    if index.isMultiple(of: 2) { connection.send("GET /never-finished HTTP/1.1\r\nHo") }
                    return connection
                }
                let accepted = holds { server.openConnections >= idle.count }
                let normal = try RawConnection(port: port)
                normal.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = normal.readResponse()
                return (accepted, response.head, String(decoding: response.body, as: UTF8.self))
            }
            #expect(outcome.accepted, "the server did not take every connection")
            #expect(outcome.head.hasPrefix("HTTP/1.1 200"))
            #expect(outcome.body == "still here")
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
        let port = server.port
        let ends = try await offThePool {
            () -> (stalledHead: RawConnection.End, idle: RawConnection.End, chunk: (Data, RawConnection.End)) in
            let stalled = try RawConnection(port: port)
            stalled.send("GET / HTTP/1.1\r\nHost: x\r\nX-Half")
            let chunk = try RawConnection(port: port)
            chunk.send("POST /u HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n10\n\r\n")
            chunk.finishSending()
            let idle = try RawConnection(port: port)
            idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = idle.readResponse()
            return (stalled.readToEnd().end, idle.readToEnd().end, chunk.readToEnd())
        }
        #expect(ends.stalledHead != .open, "a head left unfinished kept its connection")
        #expect(ends.idle == .closed, "an idle kept-alive connection stayed open")
        #expect(ends.chunk.1 != .open, "a chunk never completed kept its connection")
        #expect(!String(decoding: ends.chunk.0, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
    }

    /// A head must arrive in full within `requestHeadTimeout` however steadily it trickles in
    /// (libmicrohttpd's own timeout only counts silence); on the virtual clock, so no waiting.
    @Test func headsNotCompleteInTimeAreClosedEvenWhileTrickling() async throws {
        let clock = ManualClock()
        let server = HTTPServer(
            configuration: .init(port: 0, requestHeadTimeout: .seconds(10), clock: clock, errorLog: { _ in }),
            responder: ClosureResponder { _ in .text("answered") }
        )
        try server.start()
        defer { server.stop() }
        let port = server.port
        let outcome = try await offThePool {
            () -> (trickling: RawConnection.End, silent: RawConnection.End, inTime: String, inTimeStillOpen: Bool) in
            let trickling = try RawConnection(port: port)
            let silent = try RawConnection(port: port)
            let inTime = try RawConnection(port: port)
            guard holds({ server.awaitingHeads == 3 }) else { return (.open, .open, "never accepted", false) }
            silent.send("GET / HTTP/1.1\r\nHo")
            for piece in ["GET / HT", "TP/1.1\r\n", "Host: x\r\n", "X-Slow: 1\r\n"] {
                trickling.send(piece)
                clock.advance(by: .seconds(2))
            }
            // 8 s in: a head completed now is answered, and its connection kept.
            inTime.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let answer = String(decoding: inTime.readResponse().body, as: UTF8.self)
            guard holds({ server.awaitingHeads == 3 }) else { return (.open, .open, answer, false) }
            clock.advance(by: .seconds(2))
            let ends = (trickling.readToEnd().end, silent.readToEnd().end)
            return (ends.0, ends.1, answer, !inTime.hasBytesWaiting())
        }
        #expect(outcome.trickling == .closed, "a head trickling in past its deadline kept its connection")
        #expect(outcome.silent == .closed, "a silent head kept its connection")
        #expect(outcome.inTime == "answered")
        #expect(outcome.inTimeStillOpen, "a connection whose head came in time was cut")
    }
}
