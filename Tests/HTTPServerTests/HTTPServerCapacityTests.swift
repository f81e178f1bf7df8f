import Foundation
import TestSupport
import Testing
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Many connections, and connections that stall: what the thread-per-connection server could not
/// take (it refused every client past 1,000 and let a stalled head hold its thread).
@Suite struct HTTPServerCapacityTests {
    @Test func twoThousandIdleConnectionsDoNotStopANormalRequest() async throws {
        try Self.allowDescriptors(5_000)
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
        let ends = try await offThePool { () -> (stalledHead: RawConnection.End, idle: RawConnection.End, chunk: (Data, RawConnection.End)) in
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

    struct DescriptorLimitTooLow: Error { let hardLimit: UInt64 }

    /// Raises this process's open-file limit to at least `count` (client and server ends of every
    /// connection live in it), within the hard limit.
    static func allowDescriptors(_ count: UInt64) throws {
        var limit = rlimit()
        getrlimit(RLIMIT_NOFILE_ID, &limit)
        guard limit.rlim_cur < count else { return }
        guard limit.rlim_max >= count else { throw DescriptorLimitTooLow(hardLimit: UInt64(limit.rlim_max)) }
        limit.rlim_cur = rlim_t(count)
        setrlimit(RLIMIT_NOFILE_ID, &limit)
    }

    #if canImport(Glibc)
    static let RLIMIT_NOFILE_ID = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    static let RLIMIT_NOFILE_ID = RLIMIT_NOFILE
    #endif
}
