#if canImport(CCurl)
import Foundation
import Synchronization

/// One request on its way through ``CurlLoop``: what to send, what has arrived, and the task
/// waiting for it.
///
/// `@unchecked Sendable` because, past ``CurlLoop/submit(_:)``, everything but ``isCancelled``
/// is touched only on the loop's thread: libcurl calls ``receive(body:)`` from inside
/// `curl_multi_perform` there, and the loop alone finishes it.
final class CurlTransfer: @unchecked Sendable {
    let request: CurlRequest
    /// Set by the cancelling task on any thread; the loop checks it when the transfer starts.
    let isCancelled = Atomic(false)

    /// The waiting task; resumed once, by ``finish(_:)``.
    var continuation: CheckedContinuation<TransportResponse, any Error>?
    /// The handle carrying it while it runs.
    var easy: CurlEasy?
    private var body = Data()

    init(request: CurlRequest) {
        self.request = request
    }

    /// The next piece of the final response's body.
    func receive(body bytes: UnsafeRawBufferPointer) {
        if body.isEmpty, let length = easy?.announcedBodyLength {
            // One allocation instead of a doubling series of copies; capped, as a server can
            // announce any length.
            body.reserveCapacity(min(length, Self.largestReservation))
        }
        body.append(contentsOf: bytes)
    }

    /// The most a body's announced length reserves up front.
    static let largestReservation = 16 << 20

    /// What has arrived, as the response with `status` and `headers`.
    func response(status: Int, headers: HTTPHeaders) -> TransportResponse {
        TransportResponse(status: status, headers: headers, body: body)
    }

    /// Hands the outcome to the waiting task; later calls do nothing.
    func finish(_ result: Result<TransportResponse, any Error>) {
        continuation?.resume(with: result)
        continuation = nil
        easy = nil
    }
}
#endif
