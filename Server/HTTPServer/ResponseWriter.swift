import Foundation

/// Puts responses on one connection: the status line and header fields (with the server's own
/// framing, Date and Connection fields), then the body as the response's delivery asks.
struct ResponseWriter {
    let socket: ConnectedSocket
    let core: ServerCore

    /// Bodies at least this large are sent from a memory file once they are seen twice.
    static let memoryFileThreshold = 64 * 1024

    /// Sends `response` to the request `head` (nil when the request could not be read). Returns
    /// whether the connection may carry another request.
    func write(_ response: HTTPResponse, to head: RequestHead?, keepAlive wanted: Bool) -> Bool {
        let response = (100...999).contains(response.status) ? response : core.invalidStatusResponse(response.status)
        let (delay, then) = response.delivery.schedule
        if delay > 0 {
            // Woken early by a stopping server, the answer goes out at once.
            _ = core.connections.park(milliseconds: delay)
        }
        let isHead = head?.method == "HEAD"
        let bodyAllowed = Self.statusAllowsBody(response.status)
        let body = bodyAllowed && !isHead ? response.body : Data()
        let keepAlive = wanted && !core.connections.isStopping
            && !(response.headers["Connection"].map { $0.lowercased().contains("close") } ?? false)
        switch then {
        case .dropConnection:
            return false
        case .immediate:
            let head = serializeHead(response, bodyAllowed: bodyAllowed, keepAlive: keepAlive, http10: head?.minorVersion == 0)
            return send(head: head, body: body) && keepAlive
        case .truncated(let afterBytes) where afterBytes >= body.count:
            let head = serializeHead(response, bodyAllowed: bodyAllowed, keepAlive: keepAlive, http10: head?.minorVersion == 0)
            return send(head: head, body: body) && keepAlive
        case .truncated(let afterBytes):
            let head = serializeHead(response, bodyAllowed: bodyAllowed, keepAlive: false, http10: head?.minorVersion == 0)
            _ = send(head: head, body: body.prefix(max(0, afterBytes)))
            socket.reset()
            return false
        case .throttled(let bytesPerSecond):
            let head = serializeHead(response, bodyAllowed: bodyAllowed, keepAlive: keepAlive, http10: head?.minorVersion == 0)
            return sendThrottled(head: head, body: body, pacer: ThrottlePacer(bytesPerSecond: bytesPerSecond)) && keepAlive
        }
    }

    /// Tells a client waiting with `Expect: 100-continue` to send its body.
    func sendContinue() {
        let line = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)
        _ = line.withUnsafeBytes { socket.send([$0]) }
    }

    // MARK: - Sending

    private func send(head: [UInt8], body: Data) -> Bool {
        head.withUnsafeBytes { head in
            if body.count >= Self.memoryFileThreshold, let file = core.bodyFiles.file(for: body) {
                return socket.send([head], more: true) && socket.send(file, count: body.count)
            }
            return body.withUnsafeBytes { socket.send([head, $0]) }
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
        head.append(contentsOf: "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n".utf8)
        var sawDate = false
        for field in response.headers where Self.isSendable(field) {
            if HTTPHeaders.sameName(field.name, "Content-Length") || HTTPHeaders.sameName(field.name, "Transfer-Encoding")
                || HTTPHeaders.sameName(field.name, "Connection") {
                continue
            }
            sawDate = sawDate || HTTPHeaders.sameName(field.name, "Date")
            head.append(contentsOf: field.name.utf8)
            head.append(contentsOf: ": ".utf8)
            head.append(contentsOf: field.value.utf8)
            head.append(contentsOf: "\r\n".utf8)
        }
        if !sawDate { head.append(contentsOf: core.dateField.current()) }
        if bodyAllowed { head.append(contentsOf: "Content-Length: \(response.body.count)\r\n".utf8) }
        if !keepAlive {
            head.append(contentsOf: "Connection: close\r\n".utf8)
        } else if http10 {
            head.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        head.append(contentsOf: "\r\n".utf8)
        return head
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
