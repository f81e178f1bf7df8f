import Clocks
import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// Each `HTTPResponse.Delivery` as a client observes it. Delays and throttles wait on a clock
/// the test moves, so none of them takes real time.
@Suite struct HTTPServerDeliveryTests {
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
            let outcome = try await offThePool { () -> (parkedBeforeDeadline: Bool, answeredEarly: Bool, head: String, body: Data) in
                let connection = try RawConnection(port: server.port)
                connection.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
                guard holds({ server.parkedConnections == 1 }) else { return (false, false, "never parked", Data()) }
                clock.advance(by: .milliseconds(9_999))
                let parkedBeforeDeadline = server.parkedConnections == 1
                let answeredEarly = connection.hasBytesWaiting()
                clock.advance(by: .milliseconds(1))
                let response = connection.readResponse()
                return (parkedBeforeDeadline, answeredEarly, response.head, response.body)
            }
            #expect(outcome.parkedBeforeDeadline)
            #expect(!outcome.answeredEarly, "answered before the delay was over")
            #expect(outcome.head.hasPrefix("HTTP/1.1 200"))
            #expect(outcome.body == Self.payload)
        }
    }

    /// The client runs on a thread of its own, over raw sockets: in the full suite other tests
    /// can hold the cooperative pool for many seconds.
    @Test func delaysDoNotOccupyWorkers() async throws {
        let clock = ManualClock()
        let server = try Self.singleWorkerServer(.delayed(.milliseconds(5000), then: .immediate), clock: clock)
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
            clock.advance(by: .seconds(5))
            return (fastStatus, parkedAfterFast, slow.filter { $0.readResponse().head.hasPrefix("HTTP/1.1 200") }.count)
        }
        #expect(outcome.fastStatus == "HTTP/1.1 200")
        #expect(outcome.parkedAfterFast == 10, "the fast answer waited for delayed ones")
        #expect(outcome.slowAnswered == 10)
    }

    @Test func delayedThenDropped() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, responder: Self.responder(.delayed(.milliseconds(100), then: .dropConnection))) { server in
            let (data, end) = try await offThePool { () -> (Data, RawConnection.End) in
                let connection = try RawConnection(port: server.port)
                connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
                _ = holds { server.parkedConnections == 1 }
                clock.advance(by: .milliseconds(100))
                return connection.readToEnd()
            }
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

    /// 10 000 bytes at 1 000 B/s: the last tenth-second chunk is due 9.9 s after the first, on
    /// the virtual clock; meanwhile the only worker answers another client at once.
    @Test func throttledBodyArrivesWholeAndSlowly() async throws {
        let clock = ManualClock()
        let server = try Self.singleWorkerServer(.throttled(bytesPerSecond: 1000), clock: clock)
        defer { server.stop() }
        let port = server.port
        let outcome = try await offThePool { () -> (fastStatus: String, slowInFlightAfterFast: Bool, slow: (head: String, body: Data)) in
            let slow = try RawConnection(port: port)
            slow.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            _ = holds { server.parkedConnections == 1 }
            let fast = try RawConnection(port: port)
            fast.send("GET /fast HTTP/1.1\r\nHost: x\r\n\r\n")
            let fastStatus = String(fast.readResponse().head.prefix(12))
            let slowInFlight = server.openRequests.withLock { $0 } > 0
            let response = Self.readDrivingTheClock(slow, clock: clock, server: server)
            return (fastStatus, slowInFlight, (response.head, response.body))
        }
        #expect(outcome.fastStatus == "HTTP/1.1 200")
        #expect(outcome.slowInFlightAfterFast, "a throttled body held up the only worker")
        #expect(outcome.slow.head.hasPrefix("HTTP/1.1 200"))
        #expect(outcome.slow.body.count == Self.payload.count)
        #expect(outcome.slow.body == Self.payload.prefix(outcome.slow.body.count))
        #expect(clock.now >= WallTime(millisecondsSince1970: 9900), "the body went out faster than its rate")
    }

    @Test func throttledBodyTrickles() async throws {
        let clock = ManualClock()
        try await withServer(clock: clock, responder: Self.responder(.throttled(bytesPerSecond: 20_000))) { server in
            let response = try await offThePool { () -> (head: String, body: Data, end: RawConnection.End) in
                let connection = try RawConnection(port: server.port)
                connection.send("GET /x HTTP/1.1\r\nHost: x\r\n\r\n")
                return Self.readDrivingTheClock(connection, clock: clock, server: server)
            }
            #expect(response.head.hasPrefix("HTTP/1.1 200"))
            #expect(response.body.count == Self.payload.count)
            #expect(response.body == Self.payload.prefix(response.body.count))
            #expect(clock.now >= WallTime(millisecondsSince1970: 400))
        }
    }

    /// Reads one response on a thread of its own while this one moves the clock a tenth of a
    /// second each time the throttled connection is parked.
    static func readDrivingTheClock(
        _ connection: RawConnection, clock: ManualClock, server: HTTPServer
    ) -> (head: String, body: Data, end: RawConnection.End) {
        let read = Locked<(head: String, body: Data, end: RawConnection.End)?>(nil)
        // Handed over, not shared: this thread does not touch the connection until it is read.
        nonisolated(unsafe) let connection = connection
        let reader = Thread {
            let response = connection.readResponse()
            read.withLock { $0 = response }
        }
        reader.start()
        while read.withLock({ $0 }) == nil {
            if server.parkedConnections > 0 { clock.advance(by: .milliseconds(100)) } else { usleep(200) }
        }
        return read.withLock { $0 }!
    }

    @Test(arguments: [
        HTTPResponse.Delivery.delayed(.milliseconds(60_000), then: .immediate),
        .throttled(bytesPerSecond: 10),
        .delayed(.milliseconds(60_000), then: .throttled(bytesPerSecond: 10))
    ])
    func stopEndsParkedConnections(delivery: HTTPResponse.Delivery) async throws {
        let server = HTTPServer(
            configuration: .init(port: 0, clock: ManualClock(), errorLog: { _ in }), responder: Self.responder(delivery))
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
