#if canImport(CCurl)
import Exposure
import Foundation
import Testing
import TestSupport

/// ``CurlTransport/download(_:into:)`` against ``ScriptedServer``s: a 2xx body is in its file,
/// with its length and digest, when the call returns; any other ending leaves no file.
@Suite("CurlTransport downloading into files", .onItsOwnQueue)
struct CurlTransportDownloadTests {
    /// The SHA-256 of a million `a`s and of nothing (FIPS 180-2).
    static let millionAs = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"
    static let nothing = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// As in ``CurlTransportWireTests``: never times out in a loaded suite.
    let transport = CurlTransport(timeout: 600, maximumIdleSeconds: 3600, environment: [:])
    let folder = TemporaryFolder("curl-download")

    init() throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    }

    private var file: URL { folder.url.appendingPathComponent("body.part") }

    /// A million bytes arrive in many pieces (libcurl's buffer is 128 KB): all of them are in the
    /// file, in order, and digested.
    @Test func aWholeBodyIsInTheFileWithItsLengthAndDigest() async throws {
        let body = String(repeating: "a", count: 1_000_000)
        let server = try ScriptedServer { listener in
            try listener.answerNext(with: "HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        }
        let response = try await transport.download(TransportRequest(method: .get, url: server.url()), into: file)
        #expect(response.status == 200)
        #expect(response.header(named: "content-length") == "1000000")
        #expect(response.body == StoredBody(length: 1_000_000, sha256: Self.millionAs))
        #expect(try Data(contentsOf: file) == Data(body.utf8))
        try await server.finish()
    }

    @Test func anEmptyBodyIsAnEmptyFileAndWhatWasThereBeforeIsReplaced() async throws {
        try Data("stale".utf8).write(to: file)
        let server = try ScriptedServer { listener in
            try listener.answerNext(with: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        }
        let response = try await transport.download(TransportRequest(method: .get, url: server.url()), into: file)
        #expect(response.body == StoredBody(length: 0, sha256: Self.nothing))
        #expect(try Data(contentsOf: file).isEmpty)
        try await server.finish()
    }

    @Test(arguments: [404, 503])
    func anotherStatusWritesNoFile(status: Int) async throws {
        let server = try ScriptedServer { listener in
            try listener.answerNext(with: "HTTP/1.1 \(status) No\r\nContent-Length: 7\r\n\r\nmissing")
        }
        let response = try await transport.download(TransportRequest(method: .get, url: server.url()), into: file)
        #expect(response.status == status)
        #expect(response.body == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try await server.finish()
    }

    @Test(arguments: ["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabc"])
    func aBodyCutShortLeavesNoFile(truncated: String) async throws {
        let server = try ScriptedServer { listener in
            try listener.closeAfterAnswering(truncated)
        }
        let error = await #expect(throws: CurlTransportError.self) {
            try await transport.download(TransportRequest(method: .get, url: server.url()), into: file)
        }
        #expect(error?.code == .connectionLost, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try await server.finish()
    }

    /// The server sends half the body, then waits: cancelling the task takes the transfer off and
    /// removes what was written.
    @Test func cancellingMidBodyLeavesNoFile() async throws {
        let (arrived, arrival) = AsyncStream.makeStream(of: Void.self)
        let server = try ScriptedServer { listener in
            defer { arrival.finish() }
            let connection = try listener.answerNext(with: "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nhalf ")
            arrival.yield()
            try connection.waitForClientToClose()
        }
        await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { _ = try await transport.download(TransportRequest(method: .get, url: server.url()), into: file) }
            for await _ in arrived { break }
            group.cancelAll()
            await #expect(throws: CancellationError.self) { try await group.next() }
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try await server.finish()
    }

    /// The file leads to /dev/full, where every write fails: the transfer stops with the
    /// system's reason, typed, so a caller can tell a full disk from a lost connection.
    @Test func aFileThatCannotBeWrittenStopsTheTransferWithTheSystemsReason() async throws {
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/full")
        let server = try ScriptedServer { listener in
            let connection = try listener.answerNext(with: "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
            try connection.waitForClientToClose()
        }
        let error = await #expect(throws: FileWriteError.self) {
            try await transport.download(TransportRequest(method: .get, url: server.url()), into: file)
        }
        #expect(error?.code == ENOSPC, "\(String(describing: error))")
        #expect(error?.context == "cannot write \(file.path)")
        try await server.finish()
    }
}
#endif
