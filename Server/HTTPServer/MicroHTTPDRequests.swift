// libmicrohttpd's request callbacks: a request's context from URI to completion, and the access
// handler that reads the body, asks the responder and parks delayed answers.
//
// The callbacks are file-scope functions, not closures: a C callback closure formed in a
// @MainActor context crashes when libmicrohttpd calls it from its own thread.
import CMicroHTTPD
import Clocks
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection pointer that timers may carry to another thread: MHD_resume_connection is
/// documented as safe from any thread.
struct ConnectionHandle: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// Called once per request with the raw target, before headers are parsed; its result becomes
/// the request's `con_cls`, which is how the raw query (with `%2C` and repeated keys) survives.
///
/// The server reads the query only from that copy, so libmicrohttpd is kept from parsing it:
/// it would store every argument in the connection's memory (about 64 bytes each, so ~240
/// parameters exhausted 16 KiB and the request got no answer at all). `uri` points into
/// libmicrohttpd's own read buffer, and 0.9.75 parses the arguments from the byte after the `?`
/// once this callback returns, so ending the string there leaves it none to parse
/// (`HTTPServerHeadLimitTests` holds this to the library's behaviour).
func openRequest(_ cls: UnsafeMutableRawPointer?, _ uri: UnsafePointer<CChar>?, _ connection: OpaquePointer?) -> UnsafeMutableRawPointer? {
    let core = Unmanaged<ServerCore>.fromOpaque(cls!).takeUnretainedValue()
    let context = RequestContext(rawURI: uri.map { String(cString: $0) } ?? "", openRequests: core.openRequests)
    if let uri, let mark = strchr(uri, Int32(UInt8(ascii: "?"))) {
        UnsafeMutablePointer(mutating: mark + 1).pointee = 0
    }
    return Unmanaged.passRetained(context).toOpaque()
}

/// Connections starting and ending, for their head deadlines.
func notifyConnection(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ event: MHD_ConnectionNotificationCode
) {
    guard let cls, let connection else { return }
    let heads = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().heads
    switch event {
    case .CONNECTION_NOTIFY_STARTED: heads.opened(UInt(bitPattern: connection), descriptor: cmhd_connection_socket(connection))
    default: heads.closed(UInt(bitPattern: connection))
    }
}

/// Balances `openRequest` however the request ended (answered, dropped, timed out, malformed).
func completeRequest(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ reason: MHD_RequestTerminationCode
) {
    if let cls, let connection {
        Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue().heads.awaitingHead(UInt(bitPattern: connection))
    }
    guard let conCls, let context = conCls.pointee else { return }
    Unmanaged<RequestContext>.fromOpaque(context).release()
    conCls.pointee = nil
}

/// Called for the head, for each body part, at the end of the body and after each resume.
/// A response is queued only from the second call on: one queued on the first call is sent with
/// `Connection: close` (about 4.5× fewer requests per second), which only a 413 wants.
func handleAccess(
    _ cls: UnsafeMutableRawPointer?, _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?, _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?, _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ conCls: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let cls, let connection, let conCls, let uploadDataSize, let rawContext = conCls.pointee else { return .NO }
    let core = Unmanaged<ServerCore>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(rawContext).takeUnretainedValue()
    switch context.phase {
    case .headersReceived:
        core.heads.headCompleted(UInt(bitPattern: connection))
        // Answers queued here go out with `Connection: close`, which is what a refusal wants.
        context.headers = requestHeaders(connection)
        if let refusal = RequestHeadLimits.refusal(rawURI: context.rawURI, headers: context.headers)
            ?? RequestFramingCheck.refusal(
                version: version.map { String(cString: $0) } ?? "", rawURI: context.rawURI, headers: context.headers)
        {
            context.phase = .answered
            core.log("refused a request from \(remoteAddress(connection) ?? "?"): \(refusal.message) (\(refusal.status))")
            return queue(core.refusalResponse(refusal), as: .immediate, on: connection, core: core)
        }
        if let announced = context.headers["Content-Length"], let length = Int(announced), length > core.maxBodyBytes {
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
            // MHD refuses a response while body parts arrive, so an unannounced oversized body
            // is read and discarded up to a bound, then answered 413; past the bound the
            // connection is simply closed.
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
            headers: context.headers,
            body: context.body,
            remoteAddress: remoteAddress(connection),
            scheme: core.scheme
        )
        context.body = Data()
        let response = core.responder.respond(to: request)
        let (delay, then) = response.delivery.schedule
        if delay > .zero {
            context.phase = .delayed(response, then: then)
            let handle = ConnectionHandle(pointer: connection)
            let parked = core.parker.park(
                until: core.parker.clock.now + delay,
                suspend: { suspendConnection(handle) },
                resume: { resumeConnection(handle) }
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

private func requestHeaders(_ connection: OpaquePointer) -> HTTPHeaders {
    var headers = HTTPHeaders()
    _ = withUnsafeMutablePointer(to: &headers) { headers in
        MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, headers)
    }
    return headers
}

/// MHD walks headers in arrival order, so the list keeps the client's order.
private func collectHeader(
    _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ name: UnsafePointer<CChar>?, _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let cls, let name else { return .YES }
    cls.assumingMemoryBound(to: HTTPHeaders.self).pointee.add(String(cString: name), value.map { String(cString: $0) } ?? "")
    return .YES
}

private func remoteAddress(_ connection: OpaquePointer) -> String? {
    guard let address = cmhd_client_address(connection) else { return nil }
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
        let v4 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in.self)
        return dottedQuad(UInt32(bigEndian: v4.sin_addr.s_addr))
    case AF_INET6:
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        var v6 = UnsafeRawPointer(address).loadUnaligned(as: sockaddr_in6.self)
        guard inet_ntop(AF_INET6, &v6.sin6_addr, &text, socklen_t(text.count)) != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    default:
        return nil
    }
}

/// `address` as `a.b.c.d`, written in place: at most 15 bytes, so Swift keeps it without a heap
/// allocation (inet_ntop's buffer and its copies were 1 % of the CPU on small answers).
package func dottedQuad(_ address: UInt32) -> String {
    String(unsafeUninitializedCapacity: 15) { buffer in
        var count = 0
        for shift in stride(from: 24, through: 0, by: -8) {
            let octet = Int((address >> UInt32(shift)) & 0xFF)
            if shift != 24 {
                buffer[count] = UInt8(ascii: ".")
                count += 1
            }
            if octet >= 100 {
                buffer[count] = UInt8(ascii: "0") + UInt8(octet / 100)
                count += 1
            }
            if octet >= 10 {
                buffer[count] = UInt8(ascii: "0") + UInt8(octet / 10 % 10)
                count += 1
            }
            buffer[count] = UInt8(ascii: "0") + UInt8(octet % 10)
            count += 1
        }
        return count
    }
}
