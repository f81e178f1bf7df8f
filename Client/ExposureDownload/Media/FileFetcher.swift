import Cryptography
import Exposure
import Foundation

/// Fetches one planned file into the package in two steps, so the request's connection is free
/// while the body is stored: the GET, then the answer judged by ``ResponseVerdict``, the body
/// written whole and renamed into place, and its length and SHA-256.
struct FileFetcher: Sendable {
    /// How one attempt ended.
    enum Outcome: Sendable, Hashable {
        /// The file is at its final name with this length and digest.
        case stored(IndexedFile.Completion)
        /// Trying again may work (lost connection, 5xx, truncated body).
        case retry(String)
        /// The download cannot go on (403/404, disk full).
        case fail(MediaDownloadFailure)
    }

    /// What came back for a file's GET.
    enum Answer: Sendable {
        /// A response, whatever its status.
        case response(TransportResponse)
        /// No response: the connection was lost, refused, timed out.
        case lost(String)
    }

    let transport: any HTTPTransport

    /// The answer to `file`'s GET; nil when the calling task was cancelled.
    func request(_ file: PlannedFile) async -> Answer? {
        do {
            return .response(try await transport.send(TransportRequest(method: .get, url: file.url)))
        } catch {
            return error is CancellationError || Task.isCancelled ? nil : .lost(String(describing: error))
        }
    }

    /// Judges `answer` and, for a whole body, writes `file` into the package in `folder` and digests it.
    func store(_ answer: Answer, of file: PlannedFile, in folder: URL) -> Outcome {
        let response: TransportResponse
        switch answer {
        case .lost(let reason): return .retry("\(file.url): \(reason)")
        case .response(let answered): response = answered
        }
        switch ResponseVerdict.of(
            status: response.status, contentLength: response.header(named: "Content-Length"), bodyCount: response.body.count)
        {
        case .retry(let reason): return .retry("\(file.url): \(reason)")
        case .refuse(let status): return .fail(.httpStatus(status, url: file.url))
        case .complete:
            let digest = SHA256.hex(of: response.body)
            do throws(MediaDownloadFailure) {
                try PackageFiles.store(response.body, as: file.path, in: folder)
            } catch {
                return .fail(error)
            }
            return .stored(IndexedFile.Completion(length: Int64(response.body.count), sha256: digest))
        }
    }

    /// The size a HEAD announces for `url`; nil when the server does not say.
    func announcedLength(of url: URL) async -> Int64? {
        guard let response = try? await transport.send(TransportRequest(method: .head, url: url)), response.isSuccess else { return nil }
        return response.header(named: "Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }
}
