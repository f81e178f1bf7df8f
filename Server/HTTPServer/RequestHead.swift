/// The request line and header fields of one HTTP/1.x request (RFC 9112 §2–5), parsed from bytes.
struct RequestHead: Equatable {
    /// The method token as sent.
    var method: String
    /// The request target as sent, e.g. `/a/b?x=1%2C2`.
    var target: String
    /// The minor version: 0 for HTTP/1.0, 1 for HTTP/1.1.
    var minorVersion: Int
    /// The header fields in the order sent, values without surrounding whitespace.
    var headers: HTTPHeaders

    /// Why bytes are not a request head; each maps to the status the server answers before it closes.
    enum Failure: Error, Equatable {
        /// Not a well-formed request line or header field: 400.
        case malformed(String)
        /// A version other than HTTP/1.0 and HTTP/1.1: 505.
        case unsupportedVersion

        /// The status code that answers this failure.
        var status: Int {
            switch self {
            case .malformed: 400
            case .unsupportedVersion: 505
            }
        }
    }

    /// Parses `bytes`, which hold everything before the blank line ending the head (no final CRLF).
    init(parsing bytes: UnsafeRawBufferPointer) throws(Failure) {
        // Scanned in place, line by line: this runs for every request.
        var lineStart = 0
        let requestLine = Self.line(in: bytes, from: &lineStart)
        guard let firstSpace = requestLine.firstIndex(of: 32) else { throw .malformed("bad request line") }
        let methodBytes = requestLine[requestLine.startIndex..<firstSpace]
        let afterMethod = requestLine[(firstSpace + 1)...]
        guard let secondSpace = afterMethod.firstIndex(of: 32) else { throw .malformed("bad request line") }
        let targetBytes = afterMethod[afterMethod.startIndex..<secondSpace]
        let version = afterMethod[(secondSpace + 1)...]
        guard !methodBytes.isEmpty, !targetBytes.isEmpty,
              methodBytes.allSatisfy(Self.isTokenByte), targetBytes.allSatisfy(Self.isTargetByte) else {
            throw .malformed("bad request line")
        }
        guard version.count == 8, version.starts(with: "HTTP/".utf8),
              let major = Self.digit(version[version.startIndex + 5]), version[version.startIndex + 6] == UInt8(ascii: "."),
              let minor = Self.digit(version[version.startIndex + 7]) else {
            throw .malformed("bad HTTP version")
        }
        guard major == 1, minor <= 1 else { throw .unsupportedVersion }
        method = String(decoding: methodBytes, as: UTF8.self)
        target = String(decoding: targetBytes, as: UTF8.self)
        minorVersion = minor
        headers = HTTPHeaders()
        while lineStart < bytes.count {
            let line = Self.line(in: bytes, from: &lineStart)
            // A line starting with whitespace would continue the previous one (obsolete folding).
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon != line.startIndex,
                  line[line.startIndex..<colon].allSatisfy(Self.isTokenByte) else {
                throw .malformed("bad header field")
            }
            let value = line[line.index(after: colon)...].drop { $0 == 32 || $0 == 9 }
            // Control characters (NUL, a bare CR, …) have no place in a value (RFC 9110 §5.5).
            guard !value.contains(where: { ($0 < 32 && $0 != 9) || $0 == 127 }) else { throw .malformed("bad header value") }
            let trimmed = value.reversed().drop { $0 == 32 || $0 == 9 }.count
            headers.add(
                String(decoding: line[line.startIndex..<colon], as: UTF8.self),
                String(decoding: value.prefix(trimmed), as: UTF8.self)
            )
        }
    }

    /// The line starting at `start` without its line end (LF or CRLF); moves `start` past it.
    private static func line(in bytes: UnsafeRawBufferPointer, from start: inout Int) -> Slice<UnsafeRawBufferPointer> {
        let newline = bytes[start...].firstIndex(of: 10) ?? bytes.count
        let line = bytes[start..<newline]
        start = newline + 1
        return line.last == 13 ? line.dropLast() : line
    }

    /// The raw query: what follows the first `?`, without any fragment, still percent-encoded.
    var rawQuery: String {
        let bytes = target.utf8
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return "" }
        return String(Substring(bytes[bytes.index(after: mark)...].prefix { $0 != UInt8(ascii: "#") }))
    }

    /// The path, percent-decoded (an escape that is not two hex digits stays as sent); for an
    /// absolute-form target (`http://host/p`) the path part.
    var path: String {
        var bytes = Substring(target).utf8.prefix { $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        if bytes.first != UInt8(ascii: "/"), let scheme = bytes.firstRange(of: "://".utf8) {
            let afterHost = bytes[scheme.upperBound...]
            bytes = afterHost[(afterHost.firstIndex(of: UInt8(ascii: "/")) ?? afterHost.endIndex)...]
            if bytes.isEmpty { return "/" }
        }
        guard bytes.contains(UInt8(ascii: "%")) else { return String(Substring(bytes)) }
        var decoded = [UInt8]()
        decoded.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), bytes.distance(from: index, to: bytes.endIndex) >= 3,
               let high = Self.hexValue(bytes[bytes.index(index, offsetBy: 1)]),
               let low = Self.hexValue(bytes[bytes.index(index, offsetBy: 2)]) {
                decoded.append(high << 4 | low)
                index = bytes.index(index, offsetBy: 3)
            } else {
                decoded.append(byte)
                index = bytes.index(after: index)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Whether the client wants the connection kept open after the answer (RFC 9112 §9.3).
    var wantsKeepAlive: Bool {
        var asksToClose = false
        var asksToKeep = false
        for field in headers where HTTPHeaders.sameName(field.name, "Connection") {
            for token in field.value.split(separator: ",") {
                let option = token.trimmingCharacters(in: .whitespaces).lowercased()
                asksToClose = asksToClose || option == "close"
                asksToKeep = asksToKeep || option == "keep-alive"
            }
        }
        return !asksToClose && (minorVersion >= 1 || asksToKeep)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (48...57).contains(byte) ? Int(byte - 48) : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }

    /// RFC 9110 §5.6.2 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 48...57, 65...90, 97...122: true
        case 33, 35...39, 42, 43, 45, 46, 94...96, 124, 126: true  // ! # $ % & ' * + - . ^ _ ` | ~
        default: false
        }
    }

    /// Visible ASCII: no spaces, controls or raw non-ASCII in a target.
    private static func isTargetByte(_ byte: UInt8) -> Bool { (33...126).contains(byte) }
}
