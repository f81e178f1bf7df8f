import Foundation

/// Puts responses on one connection: the status line and header fields (with the server's own
/// framing, Date and Connection fields), then the body as the response's delivery asks.
struct ResponseWriter {
    let socket: ConnectedSocket
    let core: ServerCore
    let dateField = HTTPDateField()

    /// Bodies at least this large are sent from a page-cache file once they are seen twice.
    /// Below it copying is cheaper than sendfile's page lookups (measured with scripts/bench-streams
    /// on memory files: a 91 KB TS segment went 0.96 → 0.86 of nginx, a 363 KB playlist
    /// 0.85 → 0.98; a 135 KB one was about even).
    static let pageCacheFileThreshold = 128 * 1024

    /// What the connection does after an answer.
    enum Next {
        /// Read the next request.
        case keepOpen
        /// Close in order (the answer said `Connection: close`, or sending failed).
        case close
        /// Close at once without an answer.
        case drop
        /// Reset: the answer was cut short on purpose.
        case reset
    }

    /// Sends `response` to the request `head` (nil when the request could not be read) and says
    /// what the connection does next.
    func write(_ response: HTTPResponse, to head: RequestHead?, keepAlive wanted: Bool) -> Next {
        let response = (100...999).contains(response.status) ? response : core.invalidStatusResponse(response.status)
        let (delay, then) = response.delivery.schedule
        if delay > 0 {
            // Woken early by a stopping server, the answer goes out at once.
            _ = core.connections.park(milliseconds: delay)
        }
        let isHead = head.map { HTTPMethod(rawValue: $0.method) == .head } ?? false
        let bodyAllowed = Self.statusAllowsBody(response.status)
        let body = bodyAllowed && !isHead ? response.body : Data()
        let keepAlive = wanted && !core.connections.isStopping && !Self.saysClose(response.headers)
        let http10 = head?.minorVersion == 0
        let sent: Bool
        switch then {
        case .dropConnection:
            return .drop
        case .immediate:
            sent = send(head: serializeHead(response, bodyAllowed: bodyAllowed, keepAlive: keepAlive, http10: http10), body: body)
        case .truncated(let afterBytes) where afterBytes >= body.count:
            sent = send(head: serializeHead(response, bodyAllowed: bodyAllowed, keepAlive: keepAlive, http10: http10), body: body)
        case .truncated(let afterBytes):
            let head = serializeHead(response, bodyAllowed: bodyAllowed, keepAlive: false, http10: http10)
            _ = send(head: head, body: body.prefix(max(0, afterBytes)), mirrored: false)
            return .reset
        case .throttled(let bytesPerSecond):
            let head = serializeHead(response, bodyAllowed: bodyAllowed, keepAlive: keepAlive, http10: http10)
            sent = sendThrottled(head: head, body: body, pacer: ThrottlePacer(bytesPerSecond: bytesPerSecond))
        }
        guard sent else { return .drop }
        return keepAlive ? .keepOpen : .close
    }

    /// Tells a client waiting with `Expect: 100-continue` to send its body.
    func sendContinue() {
        let line = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        _ = line.withUnsafeBytes { socket.send([$0]) }
    }

    // MARK: - Sending

    /// Sends head and body; `mirrored` bodies may go out from a page-cache file (a cut-off prefix,
    /// a one-time slice, should not be remembered).
    private func send(head: [UInt8], body: Data, mirrored: Bool = true) -> Bool {
        let source = mirrored && body.count >= Self.pageCacheFileThreshold ? core.bodyFiles.source(for: body, head: head) : nil
        return head.withUnsafeBytes { head in
            switch source {
            case .headAndBody(let file): socket.send(file, count: file.count)
            case .body(let file): socket.send([head], more: true) && socket.send(file, count: body.count)
            case nil: body.withUnsafeBytes { socket.send([head, $0]) }
            }
        }
    }

    /// The body at the pacer's rate, waiting parked between chunks; false when the connection
    /// failed or the server stopped meanwhile.
    private func sendThrottled(head: [UInt8], body: Data, pacer: ThrottlePacer) -> Bool {
        guard head.withUnsafeBytes({ socket.send([$0]) }) else { return false }
        let firstByteAt = ContinuousClock.now
        var position = 0
        while position < body.count {
            switch pacer.step(position: position, elapsed: .now - firstByteAt) {
            case .send(let maxBytes):
                let chunk = body[(body.startIndex + position)..<(body.startIndex + min(body.count, position + maxBytes))]
                guard chunk.withUnsafeBytes({ socket.send([$0]) }) else { return false }
                position += chunk.count
            case .wait(let milliseconds):
                guard core.connections.park(milliseconds: milliseconds) else { return false }
            }
        }
        return true
    }

    // MARK: - Head

    private func serializeHead(_ response: HTTPResponse, bodyAllowed: Bool, keepAlive: Bool, http10: Bool) -> [UInt8] {
        var head = [UInt8]()
        head.reserveCapacity(256)
        head.append(contentsOf: "HTTP/1.1 ".utf8)
        Self.appendDecimal(response.status, to: &head)
        head.append(UInt8(ascii: " "))
        head.append(contentsOf: Self.reason(response.status).utf8)
        head.append(contentsOf: "\r\n".utf8)
        var sawDate = false
        for field in response.headers where Self.isSendable(field) {
            switch ManagedField(field.name) {
            case .framing, .connection: continue
            case .date: sawDate = true
            case nil: break
            }
            head.append(contentsOf: field.name.utf8)
            head.append(contentsOf: ": ".utf8)
            head.append(contentsOf: field.value.utf8)
            head.append(contentsOf: "\r\n".utf8)
        }
        if !sawDate { head.append(contentsOf: dateField.current()) }
        if bodyAllowed {
            head.append(contentsOf: "Content-Length: ".utf8)
            Self.appendDecimal(response.body.count, to: &head)
            head.append(contentsOf: "\r\n".utf8)
        }
        if !keepAlive {
            head.append(contentsOf: "Connection: close\r\n".utf8)
        } else if http10 {
            head.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        head.append(contentsOf: "\r\n".utf8)
        return head
    }

    /// Fields the server writes itself, or whose presence it must know about.
    private enum ManagedField {
        /// Content-Length and Transfer-Encoding: framing follows the body actually sent.
        case framing
        /// Connection: follows the keep-alive decision.
        case connection
        /// Date: the responder's own is kept.
        case date

        /// Which managed field `name` is.
        init?(_ name: String) {
            if HTTPHeaders.sameName(name, "Date") {
                self = .date
            } else if HTTPHeaders.sameName(name, "Connection") {
                self = .connection
            } else if HTTPHeaders.sameName(name, "Content-Length") || HTTPHeaders.sameName(name, "Transfer-Encoding") {
                self = .framing
            } else {
                return nil
            }
        }
    }

    /// Appends the decimal digits of a non-negative `value`.
    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var remaining = max(0, value)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            } while remaining > 0
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// Whether the responder asked for the connection to close after this answer.
    private static func saysClose(_ headers: HTTPHeaders) -> Bool {
        headers.contains { ManagedField($0.name) == .connection && $0.value.lowercased().contains("close") }
    }

    /// A field that cannot smuggle a line break or a bad name onto the wire.
    private static func isSendable(_ field: (name: String, value: String)) -> Bool {
        !field.name.isEmpty
            && field.name.utf8.allSatisfy { $0 > 32 && $0 < 127 && $0 != UInt8(ascii: ":") }
            && !field.value.utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 }
    }

    /// 1xx, 204 and 304 answers carry neither body nor Content-Length (RFC 9110 §8.6, §15).
    private static func statusAllowsBody(_ status: Int) -> Bool {
        !(100...199).contains(status) && status != 204 && status != 304
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 416: "Range Not Satisfiable"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
