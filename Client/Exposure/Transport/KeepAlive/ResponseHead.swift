/// The status line and header fields of an HTTP/1.x response, checked, with what they say about
/// the body that follows and about the connection.
struct ResponseHead {
    /// How the body is delimited.
    enum Framing: Equatable {
        /// No body (1xx, 204, 304).
        case none
        /// Exactly this many bytes.
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// Everything until the server closes the connection.
        case untilClose
    }

    /// The status code.
    let status: Int
    /// Header fields with their names as sent; repeated fields joined with `, `.
    let headers: [String: String]
    /// How the body is delimited.
    let framing: Framing
    /// Whether the server lets the connection carry another request: HTTP/1.1 without
    /// `Connection: close`, or HTTP/1.0 with `Connection: keep-alive`, and a body that does not
    /// run until the close.
    let keepsConnection: Bool

    /// Parses a head: the lines before the blank one, each ending in CRLF or a bare LF.
    init(parsing bytes: ArraySlice<UInt8>) throws(HeadProblem) {
        var lines = Lines(bytes)
        guard let statusLine = lines.next() else { throw HeadProblem("empty response head") }
        let (minorVersion, status) = try Self.parseStatusLine(statusLine)
        self.status = status

        // Few fields, so a list (merging repeats whatever their case) beats hashing each name twice.
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(16)
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                  !line[..<colon].contains(where: Self.isSpace) else {
                throw HeadProblem("header line \(Self.preview(line))")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            let value = String(decoding: Self.trimmed(line[(colon + 1)...]), as: UTF8.self)
            if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
                fields[index].value += ", " + value
            } else {
                fields.append((name, value))
            }
        }
        func value(_ lowercaseName: String) -> String? { fields.first { Self.sameName($0.name, lowercaseName) }?.value }

        let connectionTokens = Self.tokens(value("connection"))
        var keepsConnection = minorVersion >= 1 ? !connectionTokens.contains("close") : connectionTokens.contains("keep-alive")
        if (100..<200).contains(status) || status == 204 || status == 304 {
            framing = .none
        } else if let transferEncoding = value("transfer-encoding") {
            // Chunked must be the last coding; anything else runs to the close. A length beside
            // a transfer coding is a sign of smuggling: answer this one, then drop the connection.
            framing = Self.tokens(transferEncoding).last == "chunked" ? .chunked : .untilClose
            if value("content-length") != nil { keepsConnection = false }
        } else if let contentLength = value("content-length") {
            framing = .length(try Self.parseContentLength(contentLength))
        } else {
            framing = .untilClose
        }
        self.keepsConnection = keepsConnection && framing != .untilClose
        var headers = [String: String](minimumCapacity: fields.count)
        for (name, value) in fields { headers[name] = value }
        self.headers = headers
    }

    /// The non-empty lines of a head, without their CRLF or LF.
    private struct Lines: IteratorProtocol {
        private var rest: ArraySlice<UInt8>

        init(_ bytes: ArraySlice<UInt8>) { rest = bytes }

        mutating func next() -> ArraySlice<UInt8>? {
            while !rest.isEmpty {
                let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
                var line = rest[..<end]
                rest = end < rest.endIndex ? rest[(end + 1)...] : []
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                if !line.isEmpty { return line }
            }
            return nil
        }
    }

    /// Whether two field names are the same, ignoring ASCII case.
    private static func sameName(_ first: String, _ second: String) -> Bool {
        let lower = { (byte: UInt8) in (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte }
        return first.utf8.count == second.utf8.count && zip(first.utf8, second.utf8).allSatisfy { lower($0) == lower($1) }
    }

    /// `HTTP/1.x SSS reason`; returns the minor version and the status.
    private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(HeadProblem) -> (minorVersion: Int, status: Int) {
        let start = line.startIndex
        guard line.count >= 12, line[start..<start + 7].elementsEqual("HTTP/1.".utf8), isDigit(line[start + 7]),
              line[start + 8] == UInt8(ascii: " "), line[start + 9..<start + 12].allSatisfy(isDigit),
              line[start + 9] != UInt8(ascii: "0"), line.count == 12 || line[start + 12] == UInt8(ascii: " ") else {
            throw HeadProblem("status line \(preview(line))")
        }
        let status = line[start + 9..<start + 12].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return (Int(line[start + 7] - UInt8(ascii: "0")), status)
    }

    /// A decimal length, or a list of equal ones (some servers repeat the header).
    private static func parseContentLength(_ text: String) throws(HeadProblem) -> Int {
        let values = text.utf8.split(separator: UInt8(ascii: ",")).map(trimmed)
        guard let first = values.first, !first.isEmpty, first.allSatisfy(isDigit), let length = Int(Substring(first)),
              values.allSatisfy({ $0.elementsEqual(first) }) else {
            throw HeadProblem("Content-Length \(text.debugDescription)")
        }
        return length
    }

    /// The comma-separated tokens of a field, lowercased.
    private static func tokens(_ value: String?) -> [String] {
        value?.utf8.split(separator: UInt8(ascii: ",")).map { String(decoding: trimmed($0), as: UTF8.self).lowercased() } ?? []
    }

    /// Without the spaces and tabs around it.
    private static func trimmed<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.endIndex...]
        }
        return bytes[first...last]
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// The start of a line as a quoted string, for messages.
    static func preview(_ line: ArraySlice<UInt8>) -> String {
        let text = String(decoding: line.prefix(80), as: UTF8.self)
        return (line.count > 80 ? text + "…" : text).debugDescription
    }
}

/// What is wrong with a response head, in a few words.
struct HeadProblem: Error {
    let reason: String

    init(_ reason: String) { self.reason = reason }
}
