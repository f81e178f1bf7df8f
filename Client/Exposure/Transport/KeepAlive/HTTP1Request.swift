import Foundation

/// A ``TransportRequest`` checked and encoded as HTTP/1.1: where it goes and the exact bytes.
///
/// The head carries `Host` (unless the request sets one), the request's own headers and, when
/// there is a body or the method is POST or PUT, `Content-Length` (a `Content-Length` among the
/// request's headers is replaced, not repeated).
struct HTTP1Request: Sendable {
    /// The server to send it to.
    let address: ServerAddress
    /// Head and body, ready for one write.
    let bytes: [UInt8]

    /// Encodes `request`; throws for anything that is not `http://host[:port]/…` or a header that
    /// would break the message apart (line breaks, control characters).
    init(_ request: TransportRequest) throws {
        let url = request.url
        guard url.scheme?.lowercased() == "http", let host = url.host(percentEncoded: false), !host.isEmpty,
              (1...65535).contains(url.port ?? 80) else {
            throw KeepAliveTransportError.unsupportedURL(url.absoluteString)
        }
        address = ServerAddress(host: host, port: url.port ?? 80)
        let path = url.path(percentEncoded: true)
        let target = (path.isEmpty ? "/" : path) + (url.query(percentEncoded: true).map { "?" + $0 } ?? "")
        var head = "\(request.method.rawValue) \(target) HTTP/1.1\r\n"
        if request.header(named: "Host") == nil {
            head += "Host: \(address.hostHeader)\r\n"
        }
        for (name, value) in request.headers where name.caseInsensitiveCompare("Content-Length") != .orderedSame {
            guard Self.isToken(name), Self.isFieldValue(value) else { throw KeepAliveTransportError.invalidHeader(name: name) }
            head += "\(name): \(value)\r\n"
        }
        if request.body != nil || request.method == .post || request.method == .put {
            head += "Content-Length: \(request.body?.count ?? 0)\r\n"
        }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if let body = request.body { bytes += body }
        self.bytes = bytes
    }

    /// RFC 9110 `token`: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// No control characters other than tab: nothing that could end the line early.
    private static func isFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == UInt8(ascii: "\t") }
    }
}
