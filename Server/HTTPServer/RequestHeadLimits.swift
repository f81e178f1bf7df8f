/// The request heads the server reads, documented in docs/ARCHITECTURE.md: at most
/// `maxQueryParameters` query parameters in a target of at most `maxTargetBytes`, and header
/// fields of at most `maxHeaderBytes` in at most `maxHeaderFields` lines. A head within them is
/// served; one past them is refused with the app's error body (414 for the target, 431 for the
/// header section), as long as it fits in the connection's memory
/// (`MicroHTTPDDaemon.connectionMemoryLimit`, sized for these limits with room to spare). Past
/// that, libmicrohttpd answers itself.
package enum RequestHeadLimits {
    /// Query parameters (`&`-separated, empty ones not counted).
    package static let maxQueryParameters = 100
    /// Bytes of the request target, path and query.
    package static let maxTargetBytes = 8 * 1024
    /// Bytes of the header section, each field counted as `name: value` and its line end.
    package static let maxHeaderBytes = 8 * 1024
    /// Header field lines.
    package static let maxHeaderFields = 100

    /// The refusal for a head with this target and these fields, or nil when it is within limits.
    package static func refusal(rawURI: String, headers: HTTPHeaders) -> RequestFramingCheck.Refusal? {
        if rawURI.utf8.count > maxTargetBytes {
            return RequestFramingCheck.Refusal(status: 414, message: "Request target longer than \(maxTargetBytes) bytes")
        }
        if queryParameterCount(rawURI) > maxQueryParameters {
            return RequestFramingCheck.Refusal(status: 414, message: "More than \(maxQueryParameters) query parameters")
        }
        var fields = 0
        var bytes = 0
        for field in headers {
            fields += 1
            bytes += field.name.utf8.count + field.value.utf8.count + 4
        }
        if fields > maxHeaderFields || bytes > maxHeaderBytes {
            return RequestFramingCheck.Refusal(
                status: 431, message: "Header section over \(maxHeaderBytes) bytes or \(maxHeaderFields) fields")
        }
        return nil
    }

    /// The non-empty `&`-separated parts between the first `?` and any `#`, counted on the bytes
    /// without allocating (this runs for every request).
    package static func queryParameterCount(_ rawURI: String) -> Int {
        var count = 0
        var inQuery = false
        var partHasBytes = false
        for byte in rawURI.utf8 {
            if !inQuery {
                inQuery = byte == UInt8(ascii: "?")
                continue
            }
            if byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "&") {
                if partHasBytes { count += 1 }
                partHasBytes = false
            } else {
                partHasBytes = true
            }
        }
        return partHasBytes ? count + 1 : count
    }
}
