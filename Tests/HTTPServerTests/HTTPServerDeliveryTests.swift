import Clocks
import Foundation
import HTTPServer
import TestSupport
import Testing

/// Each `HTTPResponse.Delivery` as a client observes it. Delays and throttles wait on a clock
/// the test moves, so none of them takes real time.
@Suite(.onItsOwnQueue) struct HTTPServerDeliveryTests {
    static let payload = Data((0..<10_000).map { UInt8(truncatingIfNeeded: $0) })

    /// Answers `/fast` at once and everything else with `delivery`.
    static func responder(_ delivery: HTTPResponse.Delivery) -> ClosureResponder {
        ClosureResponder { request in
            HTTPResponse(status: 200, body: payload, delivery: request.path == "/fast" ? .immediate : delivery)
        }
    }

    /// A server with a single worker thread, so anything that blocked a worker would show.
    static func singleWorkerServer(_ delivery: HTTPResponse.Delivery, clock: ManualClock) throws -> HTTPServer {
        let server = HTTPServer(
            configuration: .init(port: 0, workerThreads: 1, clock: clock, errorLog: { _ in }),
            responder: responder(delivery)
        )
        try server.start()
        return server
    }

    /// A suspended connection resumes when the virtual clock reaches its deadline, not before.
    @Test func delayedAnswerWaitsForTheClock() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, responder: Self.responder(.delayed(.milliseconds(10_000), then: .immediate))) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            await server.untilParked(1, on: clock)
            clock.advance(by: .milliseconds(9_999))
            #expect(server.parkedConnections == 1)
            #expect(await !connection.hasBytesWaiting(), "answered before the delay was over")
            clock.advance(by: .milliseconds(1))
            let response = await connection.readResponse()
            #expect(response.head.hasPrefix("HTTP/1.1 200"))
            #expect(response.body == Self.payload)
        }
    }

    /// Over raw sockets, whose waits hold no thread: in the full suite other tests can hold the
    /// cooperative pool for many seconds.
    @Test func delaysDoNotOccupyWorkers() async throws {
        let clock = ManualClock()
        let server = try Self.singleWorkerServer(.delayed(.milliseconds(5000), then: .immediate), clock: clock)
        defer { server.stop() }
        var slow: [RawConnection] = []
        for index in 0..<10 {
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /slow/\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
            slow.append(connection)
        }
        await server.untilParked(10, on: clock)
        let fast = try await RawConnection(port: server.port)
        await fast.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await fast.readResponse().head.prefix(12) == "HTTP/1.1 200")
        #expect(server.parkedConnections == 10, "the fast answer waited for delayed ones")
        clock.advance(by: .seconds(5))
        var slowAnswered = 0
        for connection in slow where await connection.readResponse().head.hasPrefix("HTTP/1.1 200") { slowAnswered += 1 }
        #expect(slowAnswered == 10)
    }

    @Test func delayedThenDropped() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, responder: Self.responder(.delayed(.milliseconds(100), then: .dropConnection))) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            await server.untilParked(1, on: clock)
            clock.advance(by: .milliseconds(100))
            let (data, end) = await connection.readToEnd()
            #expect(data.isEmpty)
            #expect(end != .open)
        }
    }

    @Test func droppedConnectionGetsNoResponse() async throws {
        try await withServer(responder: Self.responder(.dropConnection)) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            let (data, end) = await connection.readToEnd()
            #expect(data.isEmpty)
            #expect(end != .open)
            await #expect(throws: (any Error).self) { try await HTTPClient.send(port: server.port, "/x") }
        }
    }

    @Test(arguments: [0, 1, 4000])
    func truncatedBodyIsShorterThanAnnounced(afterBytes: Int) async throws {
        try await withServer(responder: Self.responder(.truncated(afterBytes: afterBytes))) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = await connection.readResponse()
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

    /// 10 000 bytes at 1 000 B/s: the last tenth-second chunk is due 9.9 s after the first, on
    /// the virtual clock; meanwhile the only worker answers another client at once.
    @Test func throttledBodyArrivesWholeAndSlowly() async throws {
        let clock = ManualClock()
        let server = try Self.singleWorkerServer(.throttled(bytesPerSecond: 1000), clock: clock)
        defer { server.stop() }
        let slow = try await RawConnection(port: server.port)
        await slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
        await server.untilParked(1, on: clock)
        let fast = try await RawConnection(port: server.port)
        await fast.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(await fast.readResponse().head.prefix(12) == "HTTP/1.1 200")
        #expect(server.openRequests.value > 0, "a throttled body held up the only worker")
        let response = await Self.readDrivingTheClock(slow, clock: clock, server: server)
        #expect(response.head.hasPrefix("HTTP/1.1 200"))
        #expect(response.body.count == Self.payload.count)
        #expect(response.body == Self.payload.prefix(response.body.count))
        #expect(clock.now >= WallTime(millisecondsSince1970: 9900), "the body went out faster than its rate")
    }

    @Test func throttledBodyTrickles() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, responder: Self.responder(.throttled(bytesPerSecond: 20_000))) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = await Self.readDrivingTheClock(connection, clock: clock, server: server)
            #expect(response.head.hasPrefix("HTTP/1.1 200"))
            #expect(response.body.count == Self.payload.count)
            #expect(response.body == Self.payload.prefix(response.body.count))
            #expect(clock.now >= WallTime(millisecondsSince1970: 400))
        }
    }

    /// Reads one response while moving the clock a tenth of a second each time the throttled
    /// connection is parked.
    static func readDrivingTheClock(
        _ connection: RawConnection, clock: ManualClock, server: HTTPServer
    ) async -> (head: String, body: Data, end: RawConnection.End) {
        await withTaskGroup(of: (head: String, body: Data, end: RawConnection.End)?.self) { group in
            group.addTask { await connection.readResponse() }
            group.addTask {
                while !Task.isCancelled {
                    await server.untilParked(1, on: clock)
                    if !Task.isCancelled { clock.advance(by: .milliseconds(100)) }
                }
                return nil
            }
            var response: (head: String, body: Data, end: RawConnection.End)?
            for await outcome in group where outcome != nil {
                response = outcome
                group.cancelAll()
            }
            return response!
        }
    }

    @Test(arguments: [
        HTTPResponse.Delivery.delayed(.milliseconds(60_000), then: .immediate),
        .throttled(bytesPerSecond: 10),
        .delayed(.milliseconds(60_000), then: .throttled(bytesPerSecond: 10))
    ])
    func stopEndsParkedConnections(delivery: HTTPResponse.Delivery) async throws {
        let clock = ManualClock()
        let server = HTTPServer(configuration: .init(port: 0, clock: clock, errorLog: { _ in }), responder: Self.responder(delivery))
        try server.start()
        let connection = try await RawConnection(port: server.port)
        await connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
        await server.untilParked(1, on: clock)
        server.stop()
        let (_, end) = await connection.readToEnd()
        #expect(end != .open, "connection still open after stop()")
        #expect(server.openRequests.value == 0)
    }
}
