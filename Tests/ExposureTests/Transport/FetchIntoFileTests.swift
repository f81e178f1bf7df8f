import Exposure
import Foundation
import TestSupport
import Testing

/// ``HTTPTransport/fetch(_:into:)`` over a transport that only reads bodies into memory: the
/// answer is the same as a file transport's, the body written after it arrived.
@Suite struct FetchIntoFileTests {
    /// Answers every request with one canned response.
    struct CannedTransport: HTTPTransport {
        let response: TransportResponse

        func send(_ request: TransportRequest) async throws -> TransportResponse { response }
    }

    let folder = TemporaryFolder("fetch-into-file")
    let request = TransportRequest(method: .get, url: URL(string: "http://127.0.0.1:9/file")!)

    init() throws {
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    }

    private var file: URL { folder.url.appendingPathComponent("body.part") }

    @Test func aSuccessfulBodyIsWrittenAndDigested() async throws {
        let transport = CannedTransport(response: TransportResponse(status: 200, headers: ["Content-Length": "3"], body: Data("abc".utf8)))
        let response = try await transport.fetch(request, into: file)
        #expect(response.status == 200)
        #expect(response.header(named: "Content-Length") == "3")
        #expect(response.body == StoredBody(length: 3, sha256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
        #expect(try Data(contentsOf: file) == Data("abc".utf8))
    }

    @Test func anotherStatusWritesNoFile() async throws {
        let transport = CannedTransport(response: TransportResponse(status: 404, body: Data("missing".utf8)))
        let response = try await transport.fetch(request, into: file)
        #expect(response.status == 404)
        #expect(response.body == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func aFileThatCannotBeWrittenThrowsTheSystemsReasonAndLeavesNothing() async throws {
        try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "/dev/full")
        let transport = CannedTransport(response: TransportResponse(status: 200, body: Data("abc".utf8)))
        let error = await #expect(throws: FileWriteError.self) { try await transport.fetch(request, into: file) }
        #expect(error?.code == ENOSPC)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: file.path)) == nil)
    }
}
