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
            configuration: .init(port: 0, threadPoolSize: 1, errorLog: { _ in }),
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

    @Test func delaysDoNotOccupyWorkers() async throws {
        let server = try Self.singleWorkerServer(.delayed(milliseconds: 2000, then: .immediate))
        defer { server.stop() }
        let finished = Locked<[String]>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask {
                    _ = try await HTTPClient.send(port: server.port, "/slow/\(index)")
                    finished.withLock { $0.append("slow") }
                }
            }
            group.addTask {
                // Ask only once every slow request is parked.
                await waitUntil("all slow requests are parked") { server.parkedConnections == 10 }
                let (status, _, _) = try await HTTPClient.send(port: server.port, "/fast")
                #expect(status == 200)
                finished.withLock { $0.append("fast") }
            }
            try await group.waitForAll()
        }
        #expect(finished.withLock { $0.first } == "fast")
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

    @Test func throttledBodyArrivesWholeAndSlowly() async throws {
        // 10 000 bytes at 1 000 B/s: the last tenth-second chunk is due 9.9 s after the first.
        // Both requests go out over raw sockets from the test's own flow, not from child tasks:
        // in the full suite other tests can hold the cooperative pool for over a minute, and a
        // request left to a task then had not even been sent when the wait gave up.
        let server = try Self.singleWorkerServer(.throttled(bytesPerSecond: 1000))
        defer { server.stop() }
        let start = ContinuousClock.now
        let slow = UncheckedConnection(try RawConnection(port: server.port))
        slow.connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        await waitUntil("the throttled request is in flight") { server.openRequests.withLock { $0 } > 0 }
        let fast = try RawConnection(port: server.port)
        fast.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(fast.readResponse().head.hasPrefix("HTTP/1.1 200"))
        #expect(server.openRequests.withLock { $0 } > 0, "a throttled body held up the only worker")
        let response = try await offThePool { slow.connection.readResponse() }
        #expect(response.head.hasPrefix("HTTP/1.1 200"))
        #expect(response.body == Self.payload)
        #expect(ContinuousClock.now - start >= .milliseconds(9000))
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

/// A connection handed to a thread of its own for one blocking read, while the test waits.
private struct UncheckedConnection: @unchecked Sendable {
    // @unchecked: only one thread uses the connection at a time — the test, then the reader.
    let connection: RawConnection
    init(_ connection: RawConnection) { self.connection = connection }
}
