import Foundation

/// Reads one response off a ``SocketConnection``: interim 1xx heads skipped, then the head and
/// the body, delimited by `Content-Length`, chunked coding or the end of the connection.
///
/// Bytes go through a small buffer while lines are being looked for; large runs of body go
/// straight from the socket into the body's storage.
struct ResponseReader {
    private static let initialBufferBytes = 16 * 1024
    private static let maxHeadBytes = 64 * 1024
    /// Chunk-size and trailer lines.
    private static let maxLineBytes = 8 * 1024
    /// From here on, body bytes skip the buffer.
    private static let directReadBytes = 4 * 1024
    /// The most a declared length or a single read may reserve before the bytes are there, which
    /// bounds what a lying `Content-Length` or chunk size can make the client allocate ahead.
    private static let maxReservation = 16 << 20

    private let connection: SocketConnection
    private var buffer = [UInt8](repeating: 0, count: initialBufferBytes)
    private var start = 0
    private var end = 0
    /// Whether any byte of the response arrived. A reused connection that fails before one did
    /// was closed by the server while idle, so the request can be sent again.
    private(set) var receivedAnyByte = false

    /// A reader for the next response on `connection`.
    init(connection: SocketConnection) {
        self.connection = connection
    }

    /// Reads the response; `reusable` tells whether the connection ended cleanly with it and the
    /// server will take another request on it.
    mutating func read() throws -> (response: TransportResponse, reusable: Bool) {
        var head = try readHead()
        while (100..<200).contains(head.status) { head = try readHead() }
        let body = ResponseBodyBuffer()
        switch head.framing {
        case .none:
            break
        case .length(let count):
            body.reserve(min(count, Self.maxReservation))
            try readBody(count, into: body)
        case .chunked:
            try readChunks(into: body)
        case .untilClose:
            try readUntilClose(into: body)
        }
        let response = TransportResponse(status: head.status, headers: head.headers, body: body.takeData())
        return (response, head.keepsConnection && start == end)
    }

    private mutating func readHead() throws -> ResponseHead {
        while true {
            if let headEnd = endOfHead() {
                defer { start = headEnd }
                do {
                    return try ResponseHead(parsing: buffer[start..<headEnd])
                } catch {
                    throw malformed(error.reason)
                }
            }
            guard end - start < Self.maxHeadBytes else { throw malformed("response head longer than \(Self.maxHeadBytes) bytes") }
            guard try fill() else {
                if start == end, !receivedAnyByte { throw closed("before responding") }
                throw closed("in the middle of the response head")
            }
        }
    }

    /// The index just past the blank line ending the head, if it has arrived.
    private func endOfHead() -> Int? {
        var index = start
        while let lineFeed = buffer[index..<end].firstIndex(of: UInt8(ascii: "\n")) {
            if lineFeed + 1 < end, buffer[lineFeed + 1] == UInt8(ascii: "\n") { return lineFeed + 2 }
            if lineFeed + 2 < end, buffer[lineFeed + 1] == UInt8(ascii: "\r"), buffer[lineFeed + 2] == UInt8(ascii: "\n") {
                return lineFeed + 3
            }
            index = lineFeed + 1
        }
        return nil
    }

    /// Moves exactly `count` bytes into `body`: what is buffered, then straight from the socket.
    private mutating func readBody(_ count: Int, into body: ResponseBodyBuffer) throws {
        var remaining = count
        while remaining > 0 {
            if start < end {
                let taken = min(remaining, end - start)
                buffer.withUnsafeBytes { body.append(UnsafeRawBufferPointer(rebasing: $0[start..<start + taken])) }
                start += taken
                remaining -= taken
            } else if remaining >= Self.directReadBytes {
                let connection = connection
                let received = try body.append(upTo: min(remaining, Self.maxReservation)) { try connection.read(into: $0) }
                guard received > 0 else { throw closed("before the end of the body, after \(body.count) bytes") }
                remaining -= received
            } else {
                guard try fill() else { throw closed("before the end of the body, after \(body.count) bytes") }
            }
        }
    }

    /// Chunks until the zero-size one, then the trailer fields, which are dropped.
    private mutating func readChunks(into body: ResponseBodyBuffer) throws {
        while true {
            let line = try readLine()
            // Hex digits, then optional whitespace and `;extensions`, which are ignored.
            let digits = line.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }
            guard (1...15).contains(digits.count), digits.allSatisfy({ $0.isHexDigit }),
                  let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
                throw malformed("chunk size line \(ResponseHead.preview(line[...]))")
            }
            if size == 0 { break }
            try readBody(size, into: body)
            guard try readLine().isEmpty else { throw malformed("chunk of \(size) bytes not followed by a line break") }
        }
        while try !readLine().isEmpty {}
    }

    /// Everything until the server closes the connection.
    private mutating func readUntilClose(into body: ResponseBodyBuffer) throws {
        buffer.withUnsafeBytes { body.append(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
        start = end
        let connection = connection
        while try body.append(upTo: 64 * 1024, { try connection.read(into: $0) }) > 0 {}
    }

    /// The next line, without its CRLF or LF.
    private mutating func readLine() throws -> [UInt8] {
        while true {
            if let lineFeed = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[start..<lineFeed]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                start = lineFeed + 1
                return Array(line)
            }
            guard end - start < Self.maxLineBytes else { throw malformed("line in the body longer than \(Self.maxLineBytes) bytes") }
            guard try fill() else { throw closed("in the middle of a chunked body") }
        }
    }

    /// Reads more into the buffer, making room first (moving unread bytes to the front, or
    /// growing it when they fill it); false when the server has closed its side.
    private mutating func fill() throws -> Bool {
        if start == end {
            start = 0
            end = 0
        } else if end == buffer.count {
            if start > 0 {
                let (from, count) = (start, end - start)
                buffer.withUnsafeMutableBytes { $0.baseAddress!.copyMemory(from: $0.baseAddress! + from, byteCount: count) }
                (start, end) = (0, count)
            } else {
                buffer += repeatElement(0, count: buffer.count)
            }
        }
        let connection = connection
        let end = end
        let received = try buffer.withUnsafeMutableBytes { try connection.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[end...])) }
        self.end += received
        if received > 0 { receivedAnyByte = true }
        return received > 0
    }

    private func closed(_ detail: String) -> KeepAliveTransportError {
        .connectionClosed(address: connection.address.description, detail: detail)
    }

    private func malformed(_ reason: String) -> KeepAliveTransportError {
        .malformedResponse(address: connection.address.description, reason: reason)
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self | 0x20)
    }
}
