import Clocks
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// A `.streamed` answer as a client sees it: chunked bytes as the source has them, the connection
/// suspended in between, heartbeats on the server's clock, the end when the source ends or the
/// server stops.
@Suite(.onItsOwnQueue) struct HTTPServerStreamTests {
    /// Bytes a test hands the stream, and whether it has ended.
    final class Source: Sendable {
        private let queue = Mutex<(chunks: [Data], ended: Bool)>(([], false))
        func push(_ text: String) { queue.withLock { $0.chunks.append(Data(text.utf8)) } }
        func end() { queue.withLock { $0.ended = true } }
        func next() -> Data? {
            queue.withLock { queue in
                if queue.chunks.isEmpty { return queue.ended ? nil : Data() }
                return queue.chunks.removeFirst()
            }
        }
    }

    /// A server whose every answer is a stream over `source`, handed to `streams` as it is made.
    static func server(source: Source, clock: ManualClock, streams: AsyncStream<HTTPBodyStream>.Continuation) throws -> HTTPServer {
        let server = HTTPServer(
            configuration: .init(port: 0, workerThreads: 1, clock: clock, errorLog: { _ in }),
            responder: ClosureResponder { _ in
                let stream = HTTPBodyStream(heartbeat: Data(": hb\n\n".utf8), every: .seconds(15), next: { source.next() })
                streams.yield(stream)
                return HTTPResponse(status: 200, headers: ["Content-Type": "text/event-stream"], delivery: .streamed(stream))
            })
        try server.start()
        return server
    }

    /// The server answered without making a stream.
    struct StreamNotMade: Error {}

    /// A server streaming `source` with "first" already pushed, a client that asked for the
    /// stream, and the stream the server made for it.
    static func openStream(
        source: Source, clock: ManualClock
    ) async throws -> (server: HTTPServer, connection: RawConnection, stream: HTTPBodyStream) {
        let (streams, made) = AsyncStream<HTTPBodyStream>.makeStream()
        let server = try server(source: source, clock: clock, streams: made)
        source.push("first\n")
        let connection = try await RawConnection(port: server.port)
        await connection.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        var iterator = streams.makeAsyncIterator()
        guard let stream = await iterator.next() else {
            server.stop()
            throw StreamNotMade()
        }
        return (server, connection, stream)
    }

    @Test func bytesGoOutAsTheyComeThenHeartbeatsThenTheEnd() async throws {
        let clock = ManualClock()
        let source = Source()
        let (server, connection, stream) = try await Self.openStream(source: source, clock: clock)
        defer { server.stop() }
        let head = await connection.read(through: "\r\n\r\n")
        let headText = String(decoding: head.data, as: UTF8.self)
        #expect(headText.hasPrefix("HTTP/1.1 200"))
        #expect(headText.lowercased().contains("transfer-encoding: chunked"))
        #expect(await connection.read(through: "first\n").end == .open)

        source.push("second\n")
        stream.wake()
        #expect(await connection.read(through: "second\n").end == .open)

        clock.advance(by: .seconds(15))
        #expect(await connection.read(through: ": hb\n\n").end == .open, "an idle stream beats")

        source.end()
        stream.wake()
        let rest = await connection.read(through: "0\r\n\r\n")
        #expect(rest.end == .open, "the chunked body ends with its last chunk")
    }

    /// Each heartbeat used to schedule the next from its own deadline: a clock moved a year ahead
    /// ran one nested wake per skipped interval, two million frames, and overflowed the stack.
    @Test func aClockMovedFarAheadBeatsOnceAndKeepsBeating() async throws {
        let clock = ManualClock()
        let (server, connection, _) = try await Self.openStream(source: Source(), clock: clock)
        defer { server.stop() }
        #expect(await connection.read(through: "first\n").end == .open)
        let waiting = clock.pendingWakes
        clock.advance(by: .seconds(365 * 24 * 3600))
        #expect(await connection.read(through: ": hb\n\n").end == .open)
        #expect(clock.pendingWakes == waiting, "one heartbeat pending, as before")
        clock.advance(by: .seconds(15))
        #expect(await connection.read(through: ": hb\n\n").end == .open, "the next one is an interval later")
    }

    /// A 204 or 304 carries no body (RFC 9110 §15): a stream handed with one is not sent, and ends.
    @Test(arguments: [204, 304])
    func aStatusWithoutABodyAnswersEmptyAndEndsTheStream(status: Int) async throws {
        let clock = ManualClock()
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let server = HTTPServer(
            configuration: .init(port: 0, workerThreads: 1, clock: clock, errorLog: { _ in }),
            responder: ClosureResponder { _ in
                let stream = HTTPBodyStream(
                    heartbeat: Data(": hb\n\n".utf8), every: .seconds(15), next: { Data("never\n".utf8) },
                    ended: { ended.yield() })
                return HTTPResponse(status: status, delivery: .streamed(stream))
            })
        try server.start()
        defer { server.stop() }
        let connection = try await RawConnection(port: server.port)
        await connection.send("GET /events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let answer = String(decoding: await connection.readToEnd().data, as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 \(status)"))
        #expect(!answer.lowercased().contains("transfer-encoding"))
        #expect(answer.hasSuffix("\r\n\r\n"), "nothing follows the head: \(answer)")
        var endings = ends.makeAsyncIterator()
        #expect(await endings.next() != nil, "the stream ended without being read")
    }

    @Test func stoppingTheServerEndsTheStreamAndReleasesIt() async throws {
        let clock = ManualClock()
        let source = Source()
        let (streams, made) = AsyncStream<HTTPBodyStream>.makeStream()
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let server = HTTPServer(
            configuration: .init(port: 0, workerThreads: 1, clock: clock, errorLog: { _ in }),
            responder: ClosureResponder { _ in
                let stream = HTTPBodyStream(
                    heartbeat: Data(": hb\n\n".utf8), every: .seconds(15), next: { source.next() }, ended: { ended.yield() })
                made.yield(stream)
                return HTTPResponse(status: 200, delivery: .streamed(stream))
            })
        try server.start()
        let connection = try await RawConnection(port: server.port)
        await connection.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        var iterator = streams.makeAsyncIterator()
        _ = await iterator.next()
        _ = await connection.read(through: "\r\n\r\n")
        server.stop()
        #expect(await connection.readToEnd().end != .open)
        var endings = ends.makeAsyncIterator()
        #expect(await endings.next() != nil, "the stream was released and said so")
    }

    /// libmicrohttpd does not watch a suspended connection: a client that left used to be noticed
    /// only when the next heartbeat was written. Here the clock never moves, so no heartbeat is
    /// due; the stream still ends as soon as the client closes its connection (its FIN brings the
    /// probing heartbeat, which the closed socket answers with a reset). A stream without a
    /// heartbeat has no probe: it used to wait for a reset that never came; the FIN ends it.
    @Test(.timeLimit(.minutes(1)), arguments: [": hb\n\n", ""])
    func aClientThatLeavesWhileTheStreamWaitsEndsItAtOnce(heartbeat: String) async throws {
        let (waits, waiting) = AsyncStream<Void>.makeStream()
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let server = HTTPServer(
            configuration: .init(port: 0, workerThreads: 1, clock: ManualClock(), errorLog: { _ in }),
            responder: ClosureResponder { _ in
                let stream = HTTPBodyStream(
                    heartbeat: Data(heartbeat.utf8), every: .seconds(15),
                    next: {
                        waiting.yield()
                        return Data()
                    },
                    ended: { ended.yield() })
                return HTTPResponse(status: 200, delivery: .streamed(stream))
            })
        try server.start()
        defer { server.stop() }
        do {
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            var waited = waits.makeAsyncIterator()
            _ = await waited.next()
            // The stream had nothing and its connection is suspended (or about to be): now the client goes.
        }
        var endings = ends.makeAsyncIterator()
        #expect(await endings.next() != nil, "the stream ended without a heartbeat falling due")
        #expect(server.parkedConnections == 0)
    }

    /// A client may shut down its sending half once its request is out and go on reading: its
    /// FIN is no hang-up. It used to end the stream at once; now it brings a heartbeat (the probe
    /// that a client gone would answer with a reset) and the stream goes on.
    @Test func aClientThatHalfClosesKeepsReadingTheStream() async throws {
        let source = Source()
        let (server, connection, stream) = try await Self.openStream(source: source, clock: ManualClock())
        defer { server.stop() }
        #expect(await connection.read(through: "first\n").end == .open)
        connection.finishSending()
        #expect(await connection.read(through: ": hb\n\n").end == .open, "the half-close is probed with a heartbeat")
        source.push("second\n")
        stream.wake()
        #expect(await connection.read(through: "second\n").end == .open, "the stream goes on")
        source.end()
        stream.wake()
        #expect(await connection.read(through: "0\r\n\r\n").end == .open, "and ends when its source does")
    }

    /// Without a heartbeat nothing tells a half-close from a close, so a FIN ends the stream
    /// rather than holding a connection its client may have left for good.
    @Test(.timeLimit(.minutes(1))) func aFINEndsAStreamWithoutHeartbeat() async throws {
        let source = Source()
        let (ends, ended) = AsyncStream<Void>.makeStream()
        let server = HTTPServer(
            configuration: .init(port: 0, workerThreads: 1, clock: ManualClock(), errorLog: { _ in }),
            responder: ClosureResponder { _ in
                let stream = HTTPBodyStream(heartbeat: Data(), every: .seconds(15), next: { source.next() }, ended: { ended.yield() })
                return HTTPResponse(status: 200, delivery: .streamed(stream))
            })
        try server.start()
        defer { server.stop() }
        source.push("first\n")
        let connection = try await RawConnection(port: server.port)
        await connection.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await connection.read(through: "first\n").end == .open)
        connection.finishSending()
        #expect(await connection.readToEnd().end != .open, "the server closed the connection")
        var endings = ends.makeAsyncIterator()
        #expect(await endings.next() != nil, "the stream ended")
        #expect(server.parkedConnections == 0)
    }
}
