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
        guard let headEnd = readHead() else {
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
        start = headEnd + 4
        let framing: BodyFraming
        do {
            framing = try BodyFraming(head.headers)
        } catch {
            return .refused(status: 400, message: error.message)
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

    /// Reads until a blank line ends the head; its index (of the final `\r\n\r\n`) or nil when
    /// the connection ended first or the head outgrew the limit.
    private func readHead() -> Int? {
        // How far past `start` the blank line was already looked for (compacting moves `start`).
        var searched = 0
        while true {
            if let found = blankLine(from: start + searched) { return found }
            if end - start >= Self.maxHeadBytes { return nil }
            searched = max(0, end - start - 3)
            compact()
            guard fill() else { return nil }
        }
    }

    private func blankLine(from index: Int) -> Int? {
        guard end - index >= 4 else { return nil }
        var position = index
        while position + 3 < end {
            if buffer[position + 3] != 10 {
                position += buffer[position + 3] == 13 ? 1 : 4
                continue
            }
            if buffer[position] == 13, buffer[position + 1] == 10, buffer[position + 2] == 13 { return position }
            position += 1
        }
        return nil
    }

    private func expectsContinue(_ head: RequestHead) -> Bool {
        head.minorVersion >= 1 && head.headers["Expect"]?.lowercased() == "100-continue"
    }

    // MARK: - Bodies

    private func readExactly(_ length: Int) -> Data? {
        var body = Data(capacity: length)
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
        var received = 0
        while true {
            guard let sizeLine = readLine() else { return .closed }
            let digits = sizeLine.prefix { $0 != UInt8(ascii: ";") }.filter { $0 != 32 && $0 != 9 }
            guard !digits.isEmpty, digits.count <= 15,
                  let size = Int(String(decoding: digits, as: UTF8.self), radix: 16) else {
                return .refused(status: 400, message: "Malformed chunk size")
            }
            if size == 0 {
                // Trailer fields, ignored, up to the blank line.
                while true {
                    guard let trailer = readLine() else { return .closed }
                    if trailer.isEmpty { break }
                }
                return received > maxBodyBytes ? .refused(status: 413, message: "") : .request(head, body: body)
            }
            received += size
            if received > maxBodyBytes * 4 { return .abandoned }
            guard let chunk = readExactly(size), let ending = readLine(), ending.isEmpty else { return .closed }
            if received <= maxBodyBytes { body.append(chunk) } else { body = Data() }
        }
    }

    /// The next line without its CRLF (or bare LF), or nil when the connection ended first.
    private func readLine() -> [UInt8]? {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 10) {
                var line = Array(buffer[start..<newline])
                if line.last == 13 { line.removeLast() }
                start = newline + 1
                return line
            }
            if end - start >= Self.maxHeadBytes { return nil }
            compact()
            guard fill() else { return nil }
        }
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
