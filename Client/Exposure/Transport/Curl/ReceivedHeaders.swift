#if canImport(CCurl)
/// The header fields of the final response, from the lines libcurl hands over one by one.
///
/// libcurl passes the heads of every response it reads — 1xx interim answers and redirects it
/// follows — and, for chunked bodies, the trailer: each status line starts afresh, and lines
/// after the blank line that ends a head are trailers, which are dropped. Names are kept as the
/// server spelled them the first time; repeated fields are joined with `, `.
///
/// Works on the bytes: this runs for every header line of every response, and Swift's
/// `Character`-based string handling cost several times the whole libcurl transfer here.
struct ReceivedHeaders: Sendable, Hashable {
    private var received: [Field] = []
    private var headComplete = false

    private struct Field: Sendable, Hashable {
        let name: String
        var value: String
    }

    /// The fields, by name.
    var fields: [String: String] {
        Dictionary(received.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Takes one line as libcurl delivers it, line break included.
    mutating func take(line: UnsafeRawBufferPointer) {
        let line = Self.trimmed(line, dropping: [.carriageReturn, .lineFeed, .space, .tab])
        if line.starts(with: "HTTP/".utf8) {
            self = ReceivedHeaders()
            return
        }
        if line.isEmpty {
            headComplete = true
            return
        }
        guard !headComplete, let colon = line.firstIndex(of: .colon) else { return }
        let name = Self.trimmed(UnsafeRawBufferPointer(rebasing: line[..<colon]), dropping: [.space, .tab])
        guard !name.isEmpty else { return }
        let value = String(decoding: Self.trimmed(UnsafeRawBufferPointer(rebasing: line[(colon + 1)...]), dropping: [.space, .tab]), as: UTF8.self)
        if let index = received.firstIndex(where: { equalIgnoringASCIICase($0.name.utf8, name) }) {
            received[index].value += ", " + value
        } else {
            received.append(Field(name: String(decoding: name, as: UTF8.self), value: value))
        }
    }

    private static func trimmed(_ bytes: UnsafeRawBufferPointer, dropping unwanted: [UInt8]) -> UnsafeRawBufferPointer {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, unwanted.contains(bytes[start]) { start += 1 }
        while end > start, unwanted.contains(bytes[end - 1]) { end -= 1 }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<end])
    }
}

extension UInt8 {
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let colon = UInt8(ascii: ":")
}
#endif
