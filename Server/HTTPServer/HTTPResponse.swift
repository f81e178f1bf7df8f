import Foundation

/// A complete HTTP response, and how the server should deliver it.
package struct HTTPResponse: Sendable {
    /// The status code, e.g. 200.
    package var status: Int
    /// Response headers; `Content-Length` and `Transfer-Encoding` are the server's and are ignored here.
    package var headers: HTTPHeaders
    /// The body bytes. For `HEAD` the server sends the headers of this body and no bytes.
    /// The server may keep a large body and send it again from its own copy when the same
    /// storage comes back, so a body must own immutable bytes (not `Data(bytesNoCopy:)` over
    /// memory that changes later).
    package var body: Data
    /// How the bytes go out: normally at once; faults may slow, cut or drop them.
    package var delivery: Delivery

    /// How the server delivers a response; everything but `.immediate` exists to simulate faults.
    package enum Delivery: Sendable, Equatable {
        /// Send the whole response as fast as the socket takes it.
        case immediate
        /// Wait this long on the server's clock before answering.
        case delayed(Duration, then: Inner)
        /// Send status, headers and the first bytes, then reset the connection.
        case truncated(afterBytes: Int)
        /// Send the body at no more than this many bytes per second.
        case throttled(bytesPerSecond: Int)
        /// Close the connection without sending any response.
        case dropConnection
        /// Send status and headers, then the stream's bytes as they come, chunked, until it ends.
        case streamed(HTTPBodyStream)

        /// A delivery that can follow a delay.
        package enum Inner: Sendable, Equatable {
            /// Then send the whole response.
            case immediate
            /// Then send status, headers and the first bytes, then reset the connection.
            case truncated(afterBytes: Int)
            /// Then send the body at no more than this many bytes per second.
            case throttled(bytesPerSecond: Int)
            /// Then close the connection without a response.
            case dropConnection
            /// Then the stream's bytes as they come.
            case streamed(HTTPBodyStream)
        }
    }

    /// A response with the given status, headers and body, delivered at once.
    package init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), delivery: Delivery = .immediate) {
        self.status = status
        self.headers = headers
        self.body = body
        self.delivery = delivery
    }

    /// A response whose body is `text` with the given content type.
    package static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8") -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
    }
}
