import Foundation

/// What the server keeps about one request between libmicrohttpd's calls of the access handler.
///
/// libmicrohttpd calls the handler several times per request (headers, each body part, end of
/// body, after a resume) and always from the thread that owns the connection, one call at a
/// time, so the context needs no lock. It travels through the C `con_cls` pointer as a retained
/// `Unmanaged` reference made when the URI arrives and released when the request completes.
final class RequestContext {
    /// Where the request stands.
    enum Phase {
        /// Headers are in; nothing answered yet.
        case headersReceived
        /// Body parts are arriving (possibly none).
        case receivingBody
        /// The answer is ready but held back; the connection is suspended until the delay ends.
        case delayed(HTTPResponse, then: HTTPResponse.Delivery.Inner)
        /// A response was queued or the connection dropped.
        case answered
    }

    /// The request target exactly as the client sent it, e.g. `/a/b?x=1%2C2&x=3`.
    let rawURI: String
    var phase = Phase.headersReceived
    /// The request's header fields, read once when the head is complete.
    var headers = HTTPHeaders()
    var body = Data()
    /// Body bytes received so far, kept or not: past the limit they are counted and dropped.
    var receivedBytes = 0
    private let openRequests: OpenRequestCount

    init(rawURI: String, openRequests: OpenRequestCount) {
        self.rawURI = rawURI
        self.openRequests = openRequests
        openRequests.opened()
    }

    deinit { openRequests.closed() }

    /// The raw query: what follows the first `?`, without any fragment, still percent-encoded
    /// (libmicrohttpd hands out only decoded arguments, which lose `%2C` and repeated keys).
    var rawQuery: String {
        let bytes = rawURI.utf8
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return "" }
        let query = bytes[bytes.index(after: mark)...]
        return String(Substring(query.prefix { $0 != UInt8(ascii: "#") }))
    }
}
