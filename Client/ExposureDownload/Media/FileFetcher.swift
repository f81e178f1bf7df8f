import Exposure
import Foundation

/// Fetches one planned file into the package in two steps: the GET, which writes the body under
/// the file's temporary name (``PackageFiles/partialURL(of:in:)``) and digests it as it arrives,
/// then the answer judged by ``ResponseVerdict`` and the file renamed into place.
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
        /// A response, whatever its status; a 2xx body is under the file's temporary name.
        case response(TransportFileResponse)
        /// No response: the connection was lost, refused, timed out.
        case lost(String)
        /// The body could not be written (nothing of it is left).
        case unwritable(FileWriteError)
    }

    let transport: any HTTPTransport

    /// The answer to `file`'s GET, its 2xx body written as `file` of the package in `folder`
    /// under its temporary name; nil when the calling task was cancelled.
    func request(_ file: PlannedFile, in folder: URL) async -> Answer? {
        do {
            let request = TransportRequest(method: .get, url: file.url)
            return .response(try await transport.fetch(request, into: PackageFiles.partialURL(of: file.path, in: folder)))
        } catch let error as FileWriteError {
            return .unwritable(error)
        } catch {
            return error is CancellationError || Task.isCancelled ? nil : .lost(String(describing: error))
        }
    }

    /// Judges `answer` and, for a whole body, moves `file` to its final name in the package in `folder`.
    func store(_ answer: Answer, of file: PlannedFile, in folder: URL) -> Outcome {
        let response: TransportFileResponse
        switch answer {
        case .lost(let reason): return .retry("\(file.url): \(reason)")
        case .unwritable(let error): return .fail(PackageFiles.failure(error.code, error.context))
        case .response(let answered): response = answered
        }
        switch ResponseVerdict.of(
            status: response.status, contentLength: response.header(named: "Content-Length"),
            bodyCount: Int(response.body?.length ?? 0))
        {
        case .retry(let reason):
            PackageFiles.removePartial(of: file.path, in: folder)
            return .retry("\(file.url): \(reason)")
        case .refuse(let status):
            return .fail(.httpStatus(status, url: file.url))
        case .complete:
            guard let body = response.body else { return .retry("\(file.url): no body was written") }
            do throws(MediaDownloadFailure) {
                try PackageFiles.moveIntoPlace(file.path, in: folder)
            } catch {
                return .fail(error)
            }
            return .stored(body)
        }
    }

    /// The size a HEAD announces for `url`; nil when the server does not say.
    func announcedLength(of url: URL) async -> Int64? {
        guard let response = try? await transport.send(TransportRequest(method: .head, url: url)), response.isSuccess else { return nil }
        return response.header(named: "Content-Length").flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
    }
}
