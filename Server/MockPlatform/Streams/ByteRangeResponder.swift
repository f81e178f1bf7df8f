import Foundation
import HTTPServer

/// Answers a file with `Range` support: 206 with `Content-Range` for one satisfiable range,
/// 416 for an unsatisfiable one, the whole file otherwise. Players fetch byte ranges of
/// segments; only single ranges are honoured (multipart ranges get the whole file, as RFC 9110 allows).
enum ByteRangeResponder {
    static func response(for file: Data, rangeHeader: String?, contentType: String, cacheControl: String) -> HTTPResponse {
        var headers = HTTPHeaders([("Content-Type", contentType), ("Cache-Control", cacheControl), ("Accept-Ranges", "bytes")])
        guard let rangeHeader, let range = parse(rangeHeader, size: file.count) else {
            return HTTPResponse(status: 200, headers: headers, body: file)
        }
        guard let bounds = range else {
            headers.set("Content-Range", "bytes */\(file.count)")
            return HTTPResponse(status: 416, headers: headers)
        }
        headers.set("Content-Range", "bytes \(bounds.lowerBound)-\(bounds.upperBound)/\(file.count)")
        return HTTPResponse(status: 206, headers: headers, body: file.subdata(in: bounds.lowerBound..<(bounds.upperBound + 1)))
    }

    /// nil: ignore the header (malformed or several ranges); `.some(nil)`: unsatisfiable;
    /// `.some(range)`: the inclusive byte range to send. Positions are digits only (RFC 9110
    /// §14.1.1); one too large for `Int` means "past any end".
    static func parse(_ header: String, size: Int) -> ClosedRange<Int>?? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { return nil }
        let spec = trimmed.dropFirst(6)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let first = parts[0].trimmingCharacters(in: .whitespaces)
        let last = parts[1].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            guard let suffix = position(last) else { return nil }
            guard suffix > 0, size > 0 else { return .some(nil) }
            return .some(max(0, size - suffix)...(size - 1))
        }
        guard let start = position(first) else { return nil }
        if last.isEmpty { return start < size ? .some(start...(size - 1)) : .some(nil) }
        guard let end = position(last), end >= start else { return nil }
        guard start < size else { return .some(nil) }
        return .some(start...min(end, size - 1))
    }

    /// A byte position: nil unless all ASCII digits; Int.max when it overflows.
    private static func position(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        return Int(text) ?? Int.max
    }
}
