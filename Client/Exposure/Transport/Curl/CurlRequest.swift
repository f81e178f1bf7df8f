#if canImport(CCurl)
import Foundation

/// A ``TransportRequest`` checked and put in the shape libcurl takes: the URL as text, the header
/// lines to send and those of libcurl's own defaults to suppress.
///
/// libcurl would otherwise add `Accept: */*`, `Expect: 100-continue` on large bodies and a form
/// `Content-Type` on every POST; the SDK sends only what the request says (plus `Host` and
/// `Content-Length`, which libcurl computes, and the SDK's `User-Agent` unless the request names
/// its own; a `Content-Length` among the headers is dropped).
package struct CurlRequest: Sendable {
    package let method: HTTPMethod
    /// `http` or `https`.
    package let scheme: String
    /// The absolute URL, fragment removed.
    package let url: String
    /// The URL as given.
    package let target: URL
    /// `Name: value` lines, and `Name:` for a default header libcurl must not send.
    package let headerLines: [String]
    /// The body; POST and PUT always send one, empty when the request has none.
    package let body: Data?

    /// Checks and converts `request`; throws ``CurlTransportError/Code/invalidRequest`` for a URL
    /// that is not `http`/`https` with a host, or a header that would break the message apart.
    package init(_ request: TransportRequest) throws(CurlTransportError) {
        target = request.url
        let scheme = request.url.scheme?.lowercased() ?? ""
        self.scheme = scheme
        guard scheme == "http" || scheme == "https", request.url.host(percentEncoded: true)?.isEmpty == false else {
            throw CurlTransportError(
                .invalidRequest, server: Self.server(of: request.url),
                detail: "only http:// and https:// URLs are sent: \(request.url.absoluteString)")
        }
        // The fragment is everything from the first `#`, which appears nowhere else unescaped
        // (URLComponents would cost more than the rest of the request together on Linux).
        let absolute = request.url.absoluteString
        url = absolute.utf8.firstIndex(of: UInt8(ascii: "#")).map { String(absolute[..<$0]) } ?? absolute
        method = request.method

        var lines: [String] = []
        for (name, value) in request.headers where !HTTPHeaders.sameName(name, "Content-Length") {
            guard Self.isToken(name), Self.isFieldValue(value) else {
                throw CurlTransportError(
                    .invalidRequest, server: Self.server(of: request.url),
                    detail: "header \(name.debugDescription) has a name or value that cannot be sent")
            }
            // libcurl drops `Name:` with nothing after it; `Name;` is its spelling of an empty value.
            lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        lines.append("Expect:")
        if request.header(named: "User-Agent") == nil { lines.append("User-Agent: \(ProductVersion.userAgent)") }
        if request.header(named: "Accept") == nil { lines.append("Accept:") }
        if request.header(named: "Content-Type") == nil { lines.append("Content-Type:") }
        headerLines = lines
        body = request.body ?? (method == .post || method == .put ? Data() : nil)
    }

    /// `scheme://host:port`, for errors; worked out only for them, as it costs a few µs.
    package var server: String { Self.server(of: target) }

    /// `scheme://host:port` of `url`.
    package static func server(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let host = url.host(percentEncoded: true) ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// RFC 9110 `token`: letters, digits and ``!#$%&'*+-.^_`|~``.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
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
#endif
