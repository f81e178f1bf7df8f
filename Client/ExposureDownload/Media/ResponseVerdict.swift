import Foundation
import HTTPTypes

/// What an answer to a file's GET means for the download.
package enum ResponseVerdict: Sendable, Hashable {
    /// The whole body is here: store it.
    case complete
    /// Fetching again may work (5xx, 408, 429, a body shorter or longer than its `Content-Length`).
    case retry(String)
    /// Fetching again will not help (403, 404, other 4xx): the download fails with this status.
    case refuse(Int)

    /// Judges a response by its status, its `Content-Length` header and the body's size.
    package static func of(status: Int, contentLength: String?, bodyCount: Int) -> ResponseVerdict {
        switch status {
        case 200..<300:
            if let announced = contentLength.flatMap({ Int($0) ?? Int($0.trimmingCharacters(in: .whitespaces)) }), announced != bodyCount {
                return .retry("got \(bodyCount) of \(announced) bytes")
            }
            return .complete
        case _ where HTTPStatus.isRetryable(status):
            return .retry("HTTP \(status)")
        default:
            return .refuse(status)
        }
    }
}
