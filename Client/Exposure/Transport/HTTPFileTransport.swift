import Foundation
import HTTPTypes

/// What a response's body became once written into a file: its length and SHA-256.
public struct StoredBody: Sendable, Hashable {
    /// The bytes written.
    public var length: Int64
    /// The SHA-256 of those bytes, as 64 lowercase hex digits.
    public var sha256: String

    /// A stored body.
    public init(length: Int64, sha256: String) {
        self.length = length
        self.sha256 = sha256
    }
}

/// One HTTP response whose body went into a file rather than into memory.
public struct TransportFileResponse: Sendable, Hashable {
    /// The status code.
    public var status: Int
    /// Header fields, in the order they came.
    public var headers: HTTPHeaders
    /// What was written to the file: nil when the status is not 2xx, as such a body is dropped.
    public var body: StoredBody?

    /// A response.
    public init(status: Int, headers: HTTPHeaders = [:], body: StoredBody?) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of a header, matching its name case-insensitively.
    public func header(named name: String) -> String? {
        headers[name]
    }
}

/// A transport that can write a response's body straight into a file as it arrives, digesting it
/// on the way (as `URLSession`'s download tasks write into a file), so a large or numerous body
/// is never held whole in memory nor read a second time to be hashed.
public protocol HTTPFileTransport: HTTPTransport {
    /// Sends `request` and writes the body of a 2xx response into `file` (created, or emptied
    /// first) as it arrives. The body of any other status is dropped and `file` left alone.
    ///
    /// When the exchange fails, or the task is cancelled, what was written is removed before the
    /// error is thrown; when `file` cannot be written, the transfer stops and ``FileWriteError``
    /// is thrown. Otherwise as ``HTTPTransport/send(_:)``.
    func download(_ request: TransportRequest, into file: URL) async throws -> TransportFileResponse
}

extension HTTPTransport {
    /// `request`'s answer with its 2xx body written into `file`: by ``HTTPFileTransport/download(_:into:)``
    /// where the transport has it, otherwise read whole by ``send(_:)`` and then written.
    package func fetch(_ request: TransportRequest, into file: URL) async throws -> TransportFileResponse {
        if let files = self as? any HTTPFileTransport { return try await files.download(request, into: file) }
        let response = try await send(request)
        guard response.isSuccess else { return TransportFileResponse(status: response.status, headers: response.headers, body: nil) }
        let body = try DigestingFileWriter.writeWhole(response.body, to: file.path)
        return TransportFileResponse(status: response.status, headers: response.headers, body: body)
    }
}
