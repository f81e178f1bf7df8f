/// Refuses request heads whose body framing two parties could read differently, the root of
/// request smuggling (RFC 9112 §6.1, §6.3). libmicrohttpd 0.9.75 takes the first of two
/// different `Content-Length` fields, reads `Content-Length` with `Transfer-Encoding` as chunked
/// but keeps the connection open, and waits for a body it cannot frame when the coding is not
/// `chunked`; these heads are answered here instead, and the connection closes after the answer.
package enum RequestFramingCheck {
    /// Why a head is refused: the status and a message for the error body.
    package struct Refusal: Equatable {
        package let status: Int
        package let message: String
    }

    /// The refusal for a head of this HTTP version, raw target and fields, or nil when it is
    /// well-formed. Besides the framing of `refusal(for:)`: an HTTP/1.1 request without `Host`
    /// (RFC 9112 §3.2 wants a 400) and a target with whitespace in it (RFC 9112 §3.2: a request
    /// line that does not parse). libmicrohttpd checks these itself only in its strict mode, where
    /// it closed the connection without an answer for the space, and wrote its status line and
    /// headers twice, then an HTML body, for the missing `Host`; they are answered here in the
    /// app's format instead.
    package static func refusal(version: String, rawURI: String, headers: HTTPHeaders) -> Refusal? {
        if version == "HTTP/1.1", headers["Host"] == nil {
            return Refusal(status: 400, message: "HTTP/1.1 request without Host")
        }
        if rawURI.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
            return Refusal(status: 400, message: "Whitespace in the request target")
        }
        return refusal(for: headers)
    }

    /// The refusal for `headers`, or nil when their framing is unambiguous.
    package static func refusal(for headers: HTTPHeaders) -> Refusal? {
        var lengths: [String] = []
        var codings: [String] = []
        for field in headers {
            if HTTPHeaders.sameName(field.name, "Content-Length") {
                lengths += field.value.split(separator: ",").map { $0.trimmingSpaces }
            } else if HTTPHeaders.sameName(field.name, "Transfer-Encoding") {
                codings += field.value.split(separator: ",").map { $0.trimmingSpaces.lowercased() }
            }
        }
        if !codings.isEmpty && !lengths.isEmpty {
            return Refusal(status: 400, message: "Both Content-Length and Transfer-Encoding given")
        }
        if Set(lengths).count > 1 {
            return Refusal(status: 400, message: "Conflicting Content-Length values")
        }
        if !codings.isEmpty && codings != ["chunked"] {
            return Refusal(status: 501, message: "Transfer-Encoding other than chunked is not supported")
        }
        return nil
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
