// Every C call of the HTTP server lives in this file; the rest of the module is plain Swift.
//
// The callbacks are file-scope functions, not closures: a C callback closure formed in a
// @MainActor context crashes when libmicrohttpd calls it from its own thread.
import CMicroHTTPD
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A running libmicrohttpd daemon.
struct MicroHTTPDDaemon: @unchecked Sendable {
    // @unchecked: `handle` is an opaque C pointer; MHD_stop_daemon may be called from any thread,
    // and HTTPServer calls it once, under its lock.
    private let handle: OpaquePointer
    private let retainedCore: Unmanaged<ServerCore>
    /// The port the daemon listens on, as the kernel assigned it.
    let port: Int

    /// Binds and starts serving; the daemon keeps `core` alive until `stop()`.
    static func start(
        _ configuration: HTTPServer.Configuration, core: ServerCore
    ) throws(HTTPServerError) -> MicroHTTPDDaemon {
        let failure = { (kind: HTTPServerError.Kind, detail: String) in
            HTTPServerError(kind: kind, host: configuration.host, port: configuration.port, detail: detail)
        }
        guard (0...65535).contains(configuration.port) else {
            throw failure(.cannotListen, "port out of range")
        }
        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_ERROR_LOG.rawValue
            | MHD_ALLOW_SUSPEND_RESUME.rawValue
        #if os(Linux)
        flags |= MHD_USE_EPOLL.rawValue
        #else
        flags |= MHD_USE_AUTO.rawValue
        #endif
        var address = sockaddr_storage()
        let port = in_port_t(configuration.port).bigEndian
        let isIPv4 = withUnsafeMutableBytes(of: &address) { raw in
            let v4 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
            v4.pointee.sin_family = sa_family_t(AF_INET)
            v4.pointee.sin_port = port
            return inet_pton(AF_INET, configuration.host, &v4.pointee.sin_addr) == 1
        }
        if !isIPv4 {
            address = sockaddr_storage()
            let isIPv6 = withUnsafeMutableBytes(of: &address) { raw in
                let v6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                v6.pointee.sin6_family = sa_family_t(AF_INET6)
                v6.pointee.sin6_port = port
                return inet_pton(AF_INET6, configuration.host, &v6.pointee.sin6_addr) == 1
            }
            guard isIPv6 else { throw failure(.invalidHost, "") }
            flags |= MHD_USE_IPv6.rawValue
        }
        let retained = Unmanaged.passRetained(core)
        let daemon = withUnsafePointer(to: &address) { storage in
            storage.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                cmhd_start_daemon(
                    flags, socketAddress,
                    handleAccess, completeRequest, openRequest, logDiagnostic,
                    retained.toOpaque(),
                    UInt32(clamping: max(1, configuration.threadPoolSize)),
                    UInt32(clamping: max(0, configuration.connectionTimeoutSeconds)),
                    connectionMemoryLimit
                )
            }
        }
        guard let daemon else {
            retained.release()
            throw failure(.cannotListen, core.lastLog)
        }
        return MicroHTTPDDaemon(handle: daemon, retainedCore: retained, port: Int(cmhd_bound_port(daemon)))
    }

    /// The state the callbacks share.
    var core: ServerCore { retainedCore.takeUnretainedValue() }

    /// Wakes parked connections, closes the socket, waits for running handlers, frees the daemon.
    func stop() {
        // libmicrohttpd must not be stopped with suspended connections.
        core.parker.close()
        MHD_stop_daemon(handle)
        retainedCore.release()
    }
}

/// Per-connection memory: request line and headers must fit (else 431), and it is the read
/// buffer for bodies. MHD zeroes it for every request on a kept-alive connection, so it stays at
/// MHD's own default: 64 KiB cost ~3 % of the CPU in memset under wrk (perf, here).
private let connectionMemoryLimit = 32 * 1024

/// A connection pointer that timers may carry to another thread: MHD_resume_connection is
/// documented as safe from any thread.
private struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A response body handed out piece by piece, for cut-off and throttled deliveries.
private final class BodyStream {
    let body: Data
    /// Bytes to hand out before failing the response; `body.count` when nothing is cut.
    let limit: Int
    let pacer: ThrottlePacer?
    var firstByteAt: ContinuousClock.Instant?
    let connection: ConnectionHandle
    let parker: ConnectionParker

    init(body: Data, limit: Int, pacer: ThrottlePacer?, connection: ConnectionHandle, parker: ConnectionParker) {
        self.body = body
        self.limit = min(max(0, limit), body.count)
        self.pacer = pacer
        self.connection = connection
        self.parker = parker
    }
}

// MARK: - Daemon callbacks

/// Called once per request with the raw target, before headers are parsed; its result becomes
/// the request's `con_cls`, which is how the raw query (with `%2C` and repeated keys) survives.
private func openRequest(
    _ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    let core = Unmanaged<ServerCore>.fromOpaque(cls!).takeUnretainedValue()
    let context = RequestContext(rawURI: uri.map { String(cString: $0) } ?? "", openRequests: core.openRequests)
    return Unmanaged.passRetained(context).toOpaque()
}

/// Balances `openRequest` however the request ended (answered, dropped, timed out, malformed).
private func completeRequest(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
    guard let conCls, let context = conCls.pointee else { return }
    Unmanaged<RequestContext>.fromOpaque(context).release()
    conCls.pointee = nil
}

private func logDiagnostic(_ cls: UnsafeMutableRawPointer?, _ format: UnsafePointer<CChar>?, _ arguments: CVaListPointer?) {
    guard let cls, let format, let arguments else { return }
    var buffer = [CChar](repeating: 0, count: 1024)
    _ = vsnprintf(&buffer, buffer.count, format, arguments)
    let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
        .log(message.trimmingCharacters(in: .whitespacesAndNewlines))
}

private func handleAccess(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?, _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let conCls, let uploadDataSize, let rawContext = conCls.pointee else {
        return .NO
    }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(rawContext).takeUnretainedValue()
    switch context.phase {
    case .headersReceived:
        // Answering now would cost the keep-alive (MHD closes after a first-call response),
        // except for an announced oversized body, where closing is exactly what we want.
        if let announced = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length"),
           let length = Int(String(cString: announced)), length > core.maxBodyBytes {
            context.phase = .answered
            return queue(core.bodyTooLargeResponse(), as: .immediate, on: connection, core: core)
        }
        context.phase = .receivingBody
        return .YES
    case .receivingBody where uploadDataSize.pointee > 0:
        let count = uploadDataSize.pointee
        uploadDataSize.pointee = 0
        context.receivedBytes += count
        if context.receivedBytes > core.maxBodyBytes {
            // MHD refuses a response while body parts arrive (tried: even on a suspended
            // connection), so an unannounced oversized body is read and discarded up to a
            // bound, then answered 413; past the bound the connection is simply closed.
            context.body = Data()
            return context.receivedBytes > core.maxBodyBytes * 4 ? .NO : .YES
        }
        if let uploadData {
            context.body.append(UnsafeRawPointer(uploadData).assumingMemoryBound(to: UInt8.self), count: count)
        }
        return .YES
    case .receivingBody:
        if context.receivedBytes > core.maxBodyBytes {
            context.phase = .answered
            return queue(core.bodyTooLargeResponse(), as: .immediate, on: connection, core: core)
        }
        let request = HTTPRequest(
            method: HTTPMethod(rawValue: method.map { String(cString: $0) } ?? ""),
            path: url.map { String(cString: $0) } ?? "/",
            rawQuery: context.rawQuery,
            headers: requestHeaders(connection),
            body: context.body,
            remoteAddress: remoteAddress(connection)
        )
        context.body = Data()
        let response = core.responder.respond(to: request)
        let (delay, then) = response.delivery.schedule
        if delay > 0 {
            context.phase = .delayed(response, then: then)
            let handle = ConnectionHandle(pointer: connection)
            let parked = core.parker.park(
                milliseconds: delay,
                suspend: { MHD_suspend_connection(connection) },
                resume: { MHD_resume_connection(handle.pointer) }
            )
            if parked { return .YES }
        }
        context.phase = .answered
        return queue(response, as: then, on: connection, core: core)
    case .delayed(let response, let then):
        context.phase = .answered
        return queue(response, as: then, on: connection, core: core)
    case .answered:
        return .YES
    }
}

// MARK: - Requests

private func requestHeaders(_ connection: OpaquePointer) -> HTTPHeaders {
    var headers = HTTPHeaders()
    _ = withUnsafeMutablePointer(to: &headers) { headers in
        MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, headers)
    }
    return headers
}

/// MHD walks headers in arrival order, so the list keeps the client's order.
private func collectHeader(
    _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind,
    _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let name else { return .YES }
    cls.assumingMemoryBound(to: HTTPHeaders.self).pointee
        .add(String(cString: name), value.map { String(cString: $0) } ?? "")
    return .YES
}

private func remoteAddress(_ connection: OpaquePointer) -> String? {
    guard let address = cmhd_client_address(connection) else { return nil }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    let converted: UnsafePointer<CChar>? = switch Int32(address.pointee.sa_family) {
    case AF_INET:
        UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
            withUnsafePointer(to: v4.pointee.sin_addr) { inet_ntop(AF_INET, $0, &text, socklen_t(text.count)) }
        }
    case AF_INET6:
        UnsafeRawPointer(address).withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
            withUnsafePointer(to: v6.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, &text, socklen_t(text.count)) }
        }
    default: nil
    }
    guard converted != nil else { return nil }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

// MARK: - Responses

/// Hands `response` to MHD, which sends it once the handler returns. .NO (as for a drop)
/// makes MHD close the connection without answering.
private func queue(
    _ response: HTTPResponse, as delivery: HTTPResponse.Delivery.Inner, on connection: OpaquePointer, core: ServerCore
) -> MHD_Result {
    let response = (100...999).contains(response.status) ? response : core.invalidStatusResponse(response.status)
    let made: OpaquePointer?
    switch delivery {
    case .dropConnection:
        return .NO
    case .immediate:
        made = memoryResponse(response.body)
    case .truncated(let afterBytes):
        made = streamedResponse(BodyStream(
            body: response.body, limit: afterBytes, pacer: nil,
            connection: ConnectionHandle(pointer: connection), parker: core.parker
        ))
    case .throttled(let bytesPerSecond):
        made = streamedResponse(BodyStream(
            body: response.body, limit: response.body.count, pacer: ThrottlePacer(bytesPerSecond: bytesPerSecond),
            connection: ConnectionHandle(pointer: connection), parker: core.parker
        ))
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    for field in response.headers where !isFramingHeader(field.name) {
        // MHD refuses malformed fields (e.g. with a newline); the rest of the response still goes.
        _ = MHD_add_response_header(made, field.name, field.value)
    }
    return MHD_queue_response(connection, UInt32(response.status), made)
}

/// Below this, copying the body is cheaper than retaining it for MHD.
private let sharedBodyThreshold = 1024

/// A response MHD sends from the body's own bytes, which it keeps alive until sent; small bodies
/// (and `Data` kept inline, under 15 bytes) are copied.
private func memoryResponse(_ body: Data) -> OpaquePointer? {
    guard body.count >= sharedBodyThreshold else {
        return body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
    }
    let retained = Unmanaged.passRetained(SharedBytes(body))
    // A heap-backed Data's storage does not move while it is retained and never mutated.
    let start = retained.takeUnretainedValue().data.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress!) }
    guard let made = MHD_create_response_from_buffer_with_free_callback_cls(body.count, start, releaseSharedBytes, retained.toOpaque()) else {
        retained.release()
        return nil
    }
    return made
}

/// Body bytes lent to MHD for as long as it sends them.
private final class SharedBytes {
    let data: Data
    init(_ data: Data) { self.data = data }
}

private func releaseSharedBytes(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<SharedBytes>.fromOpaque(cls).release()
}

/// MHD computes framing from the body it is given; a responder's own value would contradict it.
private func isFramingHeader(_ name: String) -> Bool {
    HTTPHeaders.sameName(name, "Content-Length") || HTTPHeaders.sameName(name, "Transfer-Encoding")
}

/// A response whose full length is announced up front but whose bytes come from `stream`.
private func streamedResponse(_ stream: BodyStream) -> OpaquePointer? {
    let retained = Unmanaged.passRetained(stream)
    let blockSize = 16 * 1024
    guard let response = MHD_create_response_from_callback(
        UInt64(stream.body.count), blockSize, readBody, retained.toOpaque(), releaseBody
    ) else {
        retained.release()
        return nil
    }
    return response
}

private func releaseBody(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    Unmanaged<BodyStream>.fromOpaque(cls).release()
}

/// Gives MHD the next bytes. Past the cut-off it reports an error, so MHD closes the connection
/// short of the announced Content-Length. When throttled and early, it parks the connection and
/// returns 0 (MHD asks again after the resume) rather than sleeping on a worker thread.
private func readBody(_ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ max: Int) -> Int {
    guard let cls, let buffer else { return CMHD_CONTENT_READER_END_WITH_ERROR }
    let stream = Unmanaged<BodyStream>.fromOpaque(cls).takeUnretainedValue()
    let start = Int(position)
    guard start < stream.limit else { return CMHD_CONTENT_READER_END_WITH_ERROR }
    var count = min(max, stream.limit - start)
    if let pacer = stream.pacer {
        let now = ContinuousClock.now
        let firstByteAt = stream.firstByteAt ?? now
        stream.firstByteAt = firstByteAt
        switch pacer.step(position: start, elapsed: now - firstByteAt) {
        case .send(let maxBytes):
            count = min(count, maxBytes)
        case .wait(let milliseconds):
            let handle = stream.connection
            let parked = stream.parker.park(
                milliseconds: milliseconds,
                suspend: { MHD_suspend_connection(handle.pointer) },
                resume: { MHD_resume_connection(handle.pointer) }
            )
            return parked ? 0 : CMHD_CONTENT_READER_END_WITH_ERROR
        }
    }
    stream.body.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + start, byteCount: count)
    }
    return count
}
