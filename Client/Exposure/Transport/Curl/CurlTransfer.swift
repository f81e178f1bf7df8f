#if canImport(CCurl)
import Foundation
import Synchronization

/// One request on its way through ``CurlLoop``: what to send, where its body goes (into memory,
/// or into a file as it arrives), and the task waiting for it.
///
/// `@unchecked Sendable` because, past ``CurlLoop/submit(_:)``, everything but ``isCancelled``
/// is touched only on the loop's thread until the waiting task is resumed: libcurl calls
/// ``receive(body:)`` from inside `curl_multi_perform` there, and the loop alone finishes it.
final class CurlTransfer: @unchecked Sendable {
    /// The final response's status and header fields.
    struct Head: Sendable {
        let status: Int
        let headers: HTTPHeaders

        var isSuccess: Bool { (200..<300).contains(status) }
    }

    let request: CurlRequest
    /// The file a 2xx body is written into; nil keeps the body in ``body``.
    let file: String?
    /// Set by the cancelling task on any thread; the loop checks it when the transfer starts.
    let isCancelled = Atomic(false)

    /// The waiting task; resumed once, by ``finish(_:)``.
    var continuation: CheckedContinuation<Head, any Error>?
    /// The handle carrying it while it runs.
    var easy: CurlEasy?
    /// The body, when it is kept in memory.
    private(set) var body = Data()
    /// What went into ``file``, once a 2xx transfer into it finished.
    private(set) var stored: StoredBody?
    /// ``file`` while a 2xx body is being written into it.
    private var writer: DigestingFileWriter?
    /// Why the body could not be written into ``file``: the transfer then fails with it.
    private var writeFailure: FileWriteError?

    init(request: CurlRequest, into file: String? = nil) {
        self.request = request
        self.file = file
    }

    /// Takes the next piece of the final response's body; false when it cannot be kept, which
    /// has libcurl stop the transfer.
    func receive(body bytes: UnsafeRawBufferPointer) -> Bool {
        guard let file else {
            if body.isEmpty, let length = easy?.announcedBodyLength {
                // One allocation instead of a doubling series of copies; capped, as a server can
                // announce any length.
                body.reserveCapacity(min(length, Self.largestReservation))
            }
            body.append(contentsOf: bytes)
            return true
        }
        do throws(FileWriteError) {
            if writer == nil {
                // Only a 2xx body is the file; another status's is dropped.
                guard let status = easy?.responseCode, (200..<300).contains(status) else { return true }
                writer = try DigestingFileWriter(creating: file)
            }
            try writer?.append(bytes)
            return true
        } catch {
            writeFailure = error
            return false
        }
    }

    /// The most a body's announced length reserves up front.
    static let largestReservation = 16 << 20

    /// Hands the outcome to the waiting task, the file closed first (or removed, when the
    /// transfer failed); later calls do nothing.
    func finish(_ result: Result<Head, any Error>) {
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(with: closingFile(after: result))
        easy = nil
    }

    /// `result`, once ``file`` holds the whole 2xx body (an empty one too) or nothing is left of it.
    private func closingFile(after result: Result<Head, any Error>) -> Result<Head, any Error> {
        guard let file else { return result }
        defer { writer = nil }
        switch result {
        case .success(let head) where head.isSuccess:
            do throws(FileWriteError) {
                if writer == nil { writer = try DigestingFileWriter(creating: file) }
                stored = try writer?.finish()
                return result
            } catch {
                writer?.discard()
                return .failure(error)
            }
        case .success:
            return result
        case .failure(let failure):
            writer?.discard()
            return .failure(writeFailure ?? failure)
        }
    }
}
#endif
