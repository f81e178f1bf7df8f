import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

@Suite(.onItsOwnQueue) struct HTTPServerLifecycleTests {
    @Test func portZeroGivesARealPort() async throws {
        try await withServer(responder: echoResponder) { server in
            #expect(server.port > 0)
            #expect(server.isRunning)
            let (status, _, _) = try await HTTPClient.send(port: server.port, "/")
            #expect(status == 200)
        }
    }

    @Test func afterStopThePortRefuses() async throws {
        let server = HTTPServer(configuration: .init(port: 0, errorLog: { _ in }), responder: echoResponder)
        try server.start()
        let port = server.port
        await #expect(throws: Never.self) { try await RawConnection(port: port) }
        server.stop()
        server.stop()
        #expect(!server.isRunning)
        #expect(server.port == port)
        await #expect(throws: RawConnection.ConnectFailed.self) { try await RawConnection(port: port) }
    }

    @Test func stopFromManyThreadsAtOnce() async throws {
        let server = HTTPServer(configuration: .init(port: 0, errorLog: { _ in }), responder: echoResponder)
        try server.start()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { server.stop() } }
        }
        #expect(!server.isRunning)
    }

    /// Stopping waits for running handlers; one that reads the port meanwhile must not wait for
    /// the stop in turn (it did: `stop()` held the lock `port` takes while it waited).
    @Test(.timeLimit(.minutes(1))) func aHandlerReadingThePortWhileTheServerStopsLetsItStop() async throws {
        let proceed = DispatchSemaphore(value: 0)
        let serverBox = Mutex<HTTPServer?>(nil)
        let (handling, handlerStarted) = AsyncStream<Void>.makeStream()
        let server = HTTPServer(
            configuration: .init(port: 0, errorLog: { _ in }),
            responder: ClosureResponder { _ in
                handlerStarted.yield()
                // A handler holds its worker thread (libmicrohttpd's, not the test's) until told.
                proceed.wait()
                return .text("\(serverBox.withLock { $0 }?.port ?? 0)")
            })
        serverBox.withLock { $0 = server }
        try server.start()
        let port = server.port
        let client = try await RawConnection(port: port)
        await client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        var handlers = handling.makeAsyncIterator()
        _ = await handlers.next()
        #expect(server.openRequests.value == 1)
        let (stops, stopped) = AsyncStream<Void>.makeStream()
        Thread.detachNewThread {
            server.stop()
            stopped.yield()
        }
        // stop() closes the listener, then waits for the handler. Nothing announces the close, so
        // this is the suite's one retried check: connecting until refused (each attempt suspends).
        var refused = false
        while !refused, !Task.isCancelled { refused = await (try? RawConnection(port: port)) == nil }
        #expect(refused, "stop() began: the listener is closed")
        proceed.signal()
        // A deadlock ends at the time limit, which cancels this wait: the stream then ends.
        var ends = stops.makeAsyncIterator()
        #expect(await ends.next() != nil, "stop() and the handler waited for each other")
    }

    @Test func portInUseIsATypedError() async throws {
        try await withServer(responder: echoResponder) { first in
            let second = HTTPServer(configuration: .init(port: first.port, errorLog: { _ in }), responder: echoResponder)
            do throws(HTTPServerError) {
                try second.start()
                Issue.record("second server bound a port already in use")
            } catch {
                #expect(error.kind == .cannotListen)
                #expect(error.port == first.port)
                #expect(error.detail.contains("in use"), "the system's reason is passed on")
            }
        }
    }

    @Test func startingTwiceIsAnError() async throws {
        try await withServer(responder: echoResponder) { server in
            #expect(throws: HTTPServerError.self) { try server.start() }
            let (status, _, _) = try await HTTPClient.send(port: server.port, "/")
            #expect(status == 200)
        }
    }

    @Test func hostNamesAreRejected() {
        let server = HTTPServer(configuration: .init(host: "localhost", port: 0), responder: echoResponder)
        #expect { try server.start() } throws: { ($0 as? HTTPServerError)?.kind == .invalidHost }
    }

    @Test func restartsAfterStop() async throws {
        let server = HTTPServer(configuration: .init(port: 0, errorLog: { _ in }), responder: echoResponder)
        try server.start()
        server.stop()
        try server.start()
        defer { server.stop() }
        let (status, _, _) = try await HTTPClient.send(port: server.port, "/")
        #expect(status == 200)
    }

    @Test(arguments: ["0.0.0.0", "::1"]) func bindsOtherAddresses(host: String) async throws {
        let server = HTTPServer(configuration: .init(host: host, port: 0, errorLog: { _ in }), responder: echoResponder)
        do {
            try server.start()
        } catch {
            // A machine without an IPv6 loopback cannot bind ::1; that is not a server fault.
            if host == "::1" { return }
            throw error
        }
        defer { server.stop() }
        #expect(server.port > 0)
        if host == "0.0.0.0" {
            let (status, _, _) = try await HTTPClient.send(port: server.port, "/")
            #expect(status == 200)
        }
    }
}
