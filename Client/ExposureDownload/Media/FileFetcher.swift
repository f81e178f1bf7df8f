import Exposure
import Foundation

/// Fetches one planned file into the package: GET, the answer judged by ``ResponseVerdict``,
/// the body written whole and renamed into place, then its length and SHA-256.
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

    let transport: any HTTPTransport

    /// One attempt at `file` into `folder`. Throws only `CancellationError`.
    func fetch(_ file: PlannedFile, into folder: URL) async throws -> Outcome {
        let response: TransportResponse
        do {
            response = try await transport.send(TransportRequest(method: .get, url: file.url))
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            try Task.checkCancellation()
            return .retry(String(describing: error))
        }
        switch ResponseVerdict.of(status: response.status, contentLength: response.header(named: "Content-Length"), bodyCount: response.body.count) {
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
