import Foundation

/// Reads requests one after another from a connection: the head, then the body as framed by
/// Content-Length or chunked transfer coding (RFC 9112 §6–7), keeping bytes that arrive early
/// (pipelined requests) for the next call.
final class RequestReader {
    /// What one `next()` produced.
    enum Outcome {
        /// A complete request.
        case request(RequestHead, body: Data)
        /// The client closed the connection (or went quiet past the timeout) between requests.
        case closed
        /// The bytes are not acceptable; answer `status` with `message`, then close.
        case refused(status: Int, message: String)
        /// The client keeps sending far past any limit; close without answering.
        case abandoned
    }

    /// The largest request line plus header fields accepted (431 above it).
    static let maxHeadBytes = 32 * 1024

    private let socket: ConnectedSocket
    private let maxBodyBytes: Int
    private var buffer: UnsafeMutableRawBufferPointer
    /// Unread bytes are `buffer[start..<end]`.
    private var start = 0
    private var end = 0

    init(socket: ConnectedSocket, maxBodyBytes: Int) {
        self.socket = socket
        self.maxBodyBytes = maxBodyBytes
        buffer = .allocate(byteCount: 2 * Self.maxHeadBytes, alignment: 1)
    }

    deinit { buffer.deallocate() }

    /// Reads the next request. `continueBody` is called once before a body is read when the
    /// client asked to be told to go on (`Expect: 100-continue`).
    func next(continueBody: () -> Void) -> Outcome {
        guard let (headEnd, bodyStart) = readHead() else {
            if start == end { return .closed }
            return end - start >= Self.maxHeadBytes
                ? .refused(status: 431, message: "Request header fields larger than \(Self.maxHeadBytes) bytes")
                : .closed
        }
        let head: RequestHead
        do {
            // Leading empty lines before a request line are ignored (RFC 9112 §2.2).
            var headStart = start
            while headStart < headEnd, buffer[headStart] == 13 || buffer[headStart] == 10 { headStart += 1 }
            head = try RequestHead(parsing: UnsafeRawBufferPointer(rebasing: buffer[headStart..<headEnd]))
        } catch {
            return .refused(status: error.status, message: error.status == 505 ? "HTTP version not supported" : "Malformed request")
        }
        start = bodyStart
        // A server must refuse an HTTP/1.1 request without exactly one Host (RFC 9112 §3.2).
        if head.minorVersion >= 1, head.headers.fields.count(where: { HTTPHeaders.sameName($0.name, "Host") }) != 1 {
            return .refused(status: 400, message: "An HTTP/1.1 request needs exactly one Host field")
        }
        let framing: BodyFraming
        do {
            framing = try BodyFraming(head.headers, minorVersion: head.minorVersion)
        } catch {
            return .refused(status: error.status, message: error.message)
        }
        switch framing {
        case .none:
            return .request(head, body: Data())
        case .length(let length) where length > maxBodyBytes:
            return .refused(status: 413, message: "")
        case .length(let length):
            if expectsContinue(head) { continueBody() }
            guard let body = readExactly(length) else { return .closed }
            return .request(head, body: body)
        case .chunked:
            if expectsContinue(head) { continueBody() }
            return readChunked(head)
        }
    }

    // MARK: - Head

    /// Reads until a blank line ends the head: where the head's last line ends and where the
    /// body starts, or nil when the connection ended first or the head outgrew the limit.
    private func readHead() -> (headEnd: Int, bodyStart: Int)? {
        // How far past `start` the blank line was already looked for (compacting moves `start`).
        var searched = 0
        while true {
            if let found = blankLine(from: start + searched) { return found }
            if end - start >= Self.maxHeadBytes { return nil }
            searched = max(0, end - start - 2)
            compact()
            guard fill() else { return nil }
        }
    }

    /// The first line feed from `index` on that is followed by an empty line (`\n\n` or
    /// `\n\r\n`; lines may end in a bare LF, RFC 9112 §2.2), as (the end of the head's text, the
    /// start of the body). Empty lines before the request line are not the end of the head.
    private func blankLine(from index: Int) -> (headEnd: Int, bodyStart: Int)? {
        var position = index
        while let newline = buffer[position..<end].firstIndex(of: 10) {
            position = newline + 1
            let lineStart = newline + 1
            if lineStart < end, buffer[lineStart] == 10 {
                if isOnlyEmptyLines(upTo: newline) { continue }
                return (newline > start && buffer[newline - 1] == 13 ? newline - 1 : newline, lineStart + 1)
            }
            if lineStart + 1 < end, buffer[lineStart] == 13, buffer[lineStart + 1] == 10 {
                if isOnlyEmptyLines(upTo: newline) { continue }
                return (newline > start && buffer[newline - 1] == 13 ? newline - 1 : newline, lineStart + 2)
            }
        }
        return nil
    }

    private func isOnlyEmptyLines(upTo index: Int) -> Bool {
        buffer[start...index].allSatisfy { $0 == 13 || $0 == 10 }
    }

    private func expectsContinue(_ head: RequestHead) -> Bool {
        head.minorVersion >= 1 && head.headers["Expect"]?.lowercased() == "100-continue"
    }

    // MARK: - Bodies

    private func readExactly(_ length: Int) -> Data? {
        // Grown as bytes arrive: an announced length is a claim, not a reason to allocate.
        var body = Data(capacity: min(length, 64 * 1024))
        while body.count < length {
            if start == end {
                start = 0
                end = 0
                guard fill() else { return nil }
            }
            let take = min(length - body.count, end - start)
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start..<start + take]))
            start += take
        }
        return body
    }

    /// Reads a chunked body. Past the limit the bytes are read and dropped, up to four times the
    /// limit (then the client is abandoned), so a finished oversized body can still be answered 413.
    private func readChunked(_ head: RequestHead) -> Outcome {
        var body = Data()
        // Every byte of the chunked body counts, sizes and extensions included.
        var received = 0
        let giveUpAfter = maxBodyBytes.multipliedReportingOverflow(by: 4).overflow ? Int.max : maxBodyBytes * 4
        while true {
            guard let sizeLine = readLine() else { return .closed }
            received += sizeLine.count + 2
            // chunk-size [ BWS ";" extensions ]: hex digits only, whitespace only before a ';'.
            let digits = sizeLine.prefix { Self.hexDigit($0) }
            let rest = sizeLine.dropFirst(digits.count).drop { $0 == 32 || $0 == 9 }
            guard (1...15).contains(digits.count), rest.isEmpty || rest.first == UInt8(ascii: ";"),
                  let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
                return .refused(status: 400, message: "Malformed chunk size")
            }
            if size == 0 { return readTrailer(head, body: body, received: received) }
            received += size
            if received > giveUpAfter { return .abandoned }
            guard let chunk = readExactly(size), let ending = readLine() else { return .closed }
            guard ending.isEmpty else { return .refused(status: 400, message: "Chunk longer than its size") }
            if received <= maxBodyBytes { body.append(chunk) } else { body = Data() }
        }
    }

    /// Trailer fields after the last chunk, ignored, up to the blank line; bounded like a head.
    private func readTrailer(_ head: RequestHead, body: Data, received: Int) -> Outcome {
        var trailerBytes = 0
        while true {
            guard let line = readLine() else { return .closed }
            if line.isEmpty { break }
            trailerBytes += line.count + 2
            if trailerBytes > Self.maxHeadBytes { return .refused(status: 431, message: "Trailer section too large") }
        }
        return received > maxBodyBytes ? .refused(status: 413, message: "") : .request(head, body: body)
    }

    /// The next CRLF-terminated line without its CRLF, or nil when the connection ended first,
    /// the line outgrew the head limit, or it ended in a bare LF (chunked framing is strict:
    /// leniency there is how requests get smuggled past other parsers).
    private func readLine() -> [UInt8]? {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 10) {
                guard newline > start, buffer[newline - 1] == 13 else { return nil }
                let line = Array(buffer[start..<(newline - 1)])
                start = newline + 1
                return line
            }
            if end - start >= Self.maxHeadBytes { return nil }
            compact()
            guard fill() else { return nil }
        }
    }

    private static func hexDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    // MARK: - Buffer

    /// Moves unread bytes to the front.
    private func compact() {
        guard start > 0 else { return }
        let unread = end - start
        if unread > 0 {
            UnsafeMutableRawBufferPointer(rebasing: buffer[0..<unread])
                .copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[start..<end]))
        }
        start = 0
        end = unread
    }

    /// Receives more bytes after `end`; false at end of stream, error or timeout.
    private func fill() -> Bool {
        guard end < buffer.count,
              let count = socket.receive(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end...])),
              count > 0 else { return false }
        end += count
        return true
    }
}
