import Foundation
import TestSupport
import Testing
@testable import HTTPServer

/// Each `HTTPResponse.Delivery` as a client observes it.
@Suite struct HTTPServerDeliveryTests {
    static let payload = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })

    /// Answers `/fast` at once and everything else with `delivery`.
    static func responder(_ delivery: HTTPResponse.Delivery) -> ClosureResponder {
        ClosureResponder { request in
            HTTPResponse(status: 200, body: payload, delivery: request.path == "/fast" ? .immediate : delivery)
        }
    }

    /// A server with a single worker thread, so anything that blocked a worker would show.
    static func singleWorkerServer(_ delivery: HTTPResponse.Delivery) throws -> HTTPServer {
        let server = HTTPServer(
            configuration: .init(port: 0, maxConcurrentResponders: 1, errorLog: { _ in }),
            responder: responder(delivery)
        )
        try server.start()
        return server
    }

    @Test func delayedAnswersAfterTheDelay() async throws {
        try await withServer(responder: Self.responder(.delayed(milliseconds: 300, then: .immediate))) { server in
            let clock = ContinuousClock()
            let start = clock.now
            let (status, _, body) = try await HTTPClient.send(port: server.port, "/slow")
            #expect(clock.now - start >= .milliseconds(300))
            #expect(status == 200)
            #expect(body == Self.payload)
        }
    }

    /// The client runs on a thread of its own, over raw sockets: in the full suite other tests
    /// can hold the cooperative pool for many seconds, and task-based clients then saw the slow
    /// answers before the fast one for reasons that had nothing to do with the server.
    @Test func delaysDoNotOccupyWorkers() async throws {
        let server = try Self.singleWorkerServer(.delayed(milliseconds: 5000, then: .immediate))
        defer { server.stop() }
        let port = server.port
        let outcome = try await offThePool { () -> (fastStatus: String, parkedAfterFast: Int, slowAnswered: Int) in
            let slow = try (0..<10).map { _ in try RawConnection(port: port) }
            for (index, connection) in slow.enumerated() { connection.send("GET /slow/\(index) HTTP/1.1\r\nHost: x\r\n\r\n") }
            guard holds({ server.parkedConnections == 10 }) else { return ("slow requests never parked", 0, 0) }
            let fast = try RawConnection(port: port)
            fast.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            let fastStatus = String(fast.readResponse().head.prefix(12))
            let parkedAfterFast = server.parkedConnections
            return (fastStatus, parkedAfterFast, slow.filter { $0.readResponse().head.hasPrefix("HTTP/1.1 200") }.count)
        }
        #expect(outcome.fastStatus == "HTTP/1.1 200")
        #expect(outcome.parkedAfterFast == 10, "the fast answer waited for delayed ones")
        #expect(outcome.slowAnswered == 10)
    }

    @Test func delayedThenDropped() async throws {
        try await withServer(responder: Self.responder(.delayed(milliseconds: 100, then: .dropConnection))) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            let (data, end) = connection.readToEnd()
            #expect(data.isEmpty)
            #expect(end != .open)
        }
    }

    @Test func droppedConnectionGetsNoResponse() async throws {
        try await withServer(responder: Self.responder(.dropConnection)) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            let (data, end) = connection.readToEnd()
            #expect(data.isEmpty)
            #expect(end != .open)
            await #expect(throws: (any Error).self) { try await HTTPClient.send(port: server.port, "/x") }
        }
    }

    @Test(arguments: [0, 1, 4000])
    func truncatedBodyIsShorterThanAnnounced(afterBytes: Int) async throws {
        try await withServer(responder: Self.responder(.truncated(afterBytes: afterBytes))) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = connection.readResponse()
            if afterBytes > 0 {
                #expect(response.head.hasPrefix("HTTP/1.1 200"))
                #expect(RawConnection.contentLength(in: response.head) == Self.payload.count)
            }
            #expect(response.body.count <= afterBytes)
            #expect(response.body == Self.payload.prefix(response.body.count))
            #expect(response.end != .open)
            await #expect(throws: (any Error).self) { try await HTTPClient.send(port: server.port, "/x") }
        }
    }

    @Test func truncationBeyondTheBodySendsItAll() async throws {
        try await withServer(responder: Self.responder(.truncated(afterBytes: 1_000_000))) { server in
            let (status, _, body) = try await HTTPClient.send(port: server.port, "/x")
            #expect(status == 200)
            #expect(body == Self.payload)
        }
    }

    /// 10 000 bytes at 1 000 B/s: the last tenth-second chunk is due 9.9 s after the first. The
    /// client runs on a thread of its own, for the reason given above.
    @Test func throttledBodyArrivesWholeAndSlowly() async throws {
        let server = try Self.singleWorkerServer(.throttled(bytesPerSecond: 1000))
        defer { server.stop() }
        let port = server.port
        let outcome = try await offThePool { () -> (fastStatus: String, slowInFlightAfterFast: Bool, slow: (head: String, body: Data), seconds: Duration) in
            let start = ContinuousClock.now
            let slow = try RawConnection(port: port)
            slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = holds { server.openRequests.withLock { $0 } > 0 }
            let fast = try RawConnection(port: port)
            fast.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            let fastStatus = String(fast.readResponse().head.prefix(12))
            let slowInFlight = server.openRequests.withLock { $0 } > 0
            let response = slow.readResponse()
            return (fastStatus, slowInFlight, (response.head, response.body), ContinuousClock.now - start)
        }
        #expect(outcome.fastStatus == "HTTP/1.1 200")
        #expect(outcome.slowInFlightAfterFast, "a throttled body held up the only worker")
        #expect(outcome.slow.head.hasPrefix("HTTP/1.1 200"))
        #expect(outcome.slow.body == Self.payload)
        #expect(outcome.seconds >= .milliseconds(9000))
    }

    @Test func throttledBodyTrickles() async throws {
        try await withServer(responder: Self.responder(.throttled(bytesPerSecond: 20_000))) { server in
            let connection = try RawConnection(port: server.port)
            connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = connection.readResponse()
            #expect(response.head.hasPrefix("HTTP/1.1 200"))
            #expect(response.body == Self.payload)
        }
    }

    @Test(arguments: [
        HTTPResponse.Delivery.delayed(milliseconds: 60_000, then: .immediate),
        .throttled(bytesPerSecond: 10),
        .delayed(milliseconds: 60_000, then: .throttled(bytesPerSecond: 10)),
    ])
    func stopEndsParkedConnections(delivery: HTTPResponse.Delivery) async throws {
        let server = HTTPServer(configuration: .init(port: 0, errorLog: { _ in }), responder: Self.responder(delivery))
        try server.start()
        let connection = try RawConnection(port: server.port)
        connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        await waitUntil("the request is parked") { server.parkedConnections > 0 }
        server.stop()
        let (_, end) = connection.readToEnd()
        #expect(end != .open, "connection still open after stop()")
        #expect(server.openRequests.withLock { $0 } == 0)
    }
}

