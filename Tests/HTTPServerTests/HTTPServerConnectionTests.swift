import Clocks
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Connection reuse and load.
@Suite(.onItsOwnQueue) struct HTTPServerConnectionTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() async throws {
        try await withServer({ .text("you asked for \($0.path)") }) { server in
            let connection = try await RawConnection(port: server.port)
            for index in 0..<3 {
                await connection.send("GET /\(index) HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = await connection.readResponse()
                #expect(response.head.hasPrefix("HTTP/1.1 200"))
                #expect(!response.head.lowercased().contains("connection: close"))
                #expect(String(decoding: response.body, as: UTF8.self) == "you asked for /\(index)")
                #expect(response.end == .open)
            }
        }
    }

    @Test func pipelinedPostsKeepTheirBodiesApart() async throws {
        try await withServer({ .text(String(decoding: $0.body, as: UTF8.self)) }) { server in
            let connection = try await RawConnection(port: server.port)
            await connection.send(
                "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\none"
                    + "POST /b HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\ntwo"
            )
            #expect(String(decoding: await connection.readResponse().body, as: UTF8.self) == "one")
            #expect(String(decoding: await connection.readResponse().body, as: UTF8.self) == "two")
        }
    }

    @Test func fiftyConcurrentRequestsAreAllAnswered() async throws {
        try await withServer({ .text("n=\($0.query["n"] ?? "")") }) { server in
            let bodies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
                for index in 0..<50 {
                    group.addTask {
                        let (status, _, body) = try await HTTPClient.send(port: server.port, "/c?n=\(index)")
                        #expect(status == 200)
                        return (index, String(decoding: body, as: UTF8.self))
                    }
                }
                return try await group.reduce(into: [Int: String]()) { $0[$1.0] = $1.1 }
            }
            #expect(bodies.count == 50)
            #expect(bodies.allSatisfy { $0.value == "n=\($0.key)" })
        }
    }

    @Test func stopUnderMixedLoadIsClean() async throws {
        let deliveries: [HTTPResponse.Delivery] = [
            .immediate, .delayed(.milliseconds(30), then: .immediate), .throttled(bytesPerSecond: 50_000),
            .truncated(afterBytes: 100), .dropConnection
        ]
        for _ in 0..<5 {
            let server = HTTPServer(
                // Never moved: delayed and throttled answers are still parked when the server stops.
                configuration: .init(port: 0, clock: ManualClock(), errorLog: { _ in }),
                responder: ClosureResponder { request in
                    let index = Int(request.path.dropFirst()) ?? 0
                    return HTTPResponse(status: 200, body: Data(count: 10_000), delivery: deliveries[index % deliveries.count])
                }
            )
            try server.start()
            let port = server.port
            let finished = Recorded<Int>()
            let (tenth, tenthFinished) = AsyncStream<Void>.makeStream()
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<60 {
                    group.addTask {
                        _ = try? await HTTPClient.send(port: port, "/\(index)")
                        finished.add(index)
                        if finished.all.count >= 10 { tenthFinished.finish() }
                    }
                }
                group.addTask {
                    // Some requests are done (every request ends, if only by its client's timeout).
                    for await _ in tenth {}
                    server.stop()
                }
            }
            #expect(!server.isRunning)
            #expect(server.openRequests.value == 0)
        }
    }
}
