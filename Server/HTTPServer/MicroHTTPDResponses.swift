// Responses handed to libmicrohttpd: bodies lent without a copy, bodies handed out piece by
// piece for the faults that cut or slow them, and open-ended streams (server-sent events).
import CMicroHTTPD
import Clocks
import Foundation

/// Hands `response` to MHD, which sends it once the handler returns. .NO (as for a drop)
/// makes MHD close the connection without answering.
func queue(
    _ response: HTTPResponse, as delivery: HTTPResponse.Delivery.Inner, on connection: OpaquePointer, core: ServerCore
) -> MHD_Result {
    let response = (100...999).contains(response.status) ? response : core.invalidStatusResponse(response.status)
    // 1xx, 204 and 304 answers carry neither body nor Content-Length (RFC 9110 §8.6, §15).
    let carriesBody = (200...999).contains(response.status) && response.status != 204 && response.status != 304
    let body = carriesBody ? response.body : Data()
    let made: OpaquePointer?
    switch delivery {
    case .dropConnection:
        return .NO
    case .immediate:
        made = memoryResponse(body)
    case .truncated(let afterBytes):
        made = streamedResponse(BodyStream(body: body, limit: afterBytes, pacer: nil, connection: connection, parker: core.parker))
    case .streamed(let stream) where carriesBody:
        made = openEndedResponse(stream, on: connection, core: core)
    case .streamed(let stream):
        stream.finish()
        made = memoryResponse(body)
    case .throttled(let bytesPerSecond):
        made = streamedResponse(
            BodyStream(
                body: body, limit: body.count, pacer: ThrottlePacer(bytesPerSecond: bytesPerSecond), connection: connection,
                parker: core.parker
            ))
    }
    guard let made else { return .NO }
    defer { MHD_destroy_response(made) }
    for field in response.headers where !isFramingHeader(field.name) {
        // MHD refuses malformed fields (e.g. with a line break); the rest of the response still goes.
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
    guard let made = MHD_create_response_from_buffer_with_free_callback_cls(body.count, start, releaseSharedBytes, retained.toOpaque())
    else {
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

/// A response body handed out piece by piece, for cut-off and throttled deliveries. MHD calls
/// its reader from the connection's thread only, one call at a time.
private final class BodyStream {
    let body: Data
    /// Bytes to hand out before failing the response; `body.count` when nothing is cut.
    let limit: Int
    let pacer: ThrottlePacer?
    var firstByteAt: WallTime?
    let connection: ConnectionHandle
    let parker: ConnectionParker

    init(body: Data, limit: Int, pacer: ThrottlePacer?, connection: OpaquePointer, parker: ConnectionParker) {
        self.body = body
        self.limit = min(max(0, limit), body.count)
        self.pacer = pacer
        self.connection = ConnectionHandle(pointer: connection)
        self.parker = parker
    }
}

/// A response whose full length is announced up front but whose bytes come from `stream`.
private func streamedResponse(_ stream: BodyStream) -> OpaquePointer? {
    callbackResponse(size: UInt64(stream.body.count), source: stream, reader: readBody, release: releaseBody)
}

/// A response of `size` bytes (`UInt64.max`, MHD_SIZE_UNKNOWN, a cast macro Swift does not
/// import: chunked) that MHD asks `reader` for, `source` retained until `release` runs.
private func callbackResponse(
    size: UInt64, source: AnyObject, reader: MHD_ContentReaderCallback, release: MHD_ContentReaderFreeCallback
) -> OpaquePointer? {
    let retained = Unmanaged.passRetained(source)
    guard let response = MHD_create_response_from_callback(size, 16 * 1024, reader, retained.toOpaque(), release) else {
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
        let now = stream.parker.clock.now
        let firstByteAt = stream.firstByteAt ?? now
        stream.firstByteAt = firstByteAt
        switch pacer.step(position: start, elapsed: now - firstByteAt) {
        case .send(let maxBytes):
            count = min(count, maxBytes)
        case .wait(let pause):
            let handle = stream.connection
            let parked = stream.parker.park(
                until: now + pause,
                suspend: { suspendConnection(handle) },
                resume: { resumeConnection(handle) }
            )
            return parked ? 0 : CMHD_CONTENT_READER_END_WITH_ERROR
        }
    }
    stream.body.withUnsafeBytes { bytes in
        UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress! + start, byteCount: count)
    }
    return count
}

/// A chunked response of unknown length whose bytes come from `stream` as it has them.
private func openEndedResponse(_ stream: HTTPBodyStream, on connection: OpaquePointer, core: ServerCore) -> OpaquePointer? {
    stream.attach(
        to: ConnectionHandle(pointer: connection), socket: cmhd_connection_socket(connection), parker: core.parker,
        hangups: core.hangups)
    return callbackResponse(size: UInt64.max, source: stream, reader: readStream, release: releaseStream)
}

/// MHD is done with the stream: it ends here, whoever else still holds it.
private func releaseStream(_ cls: UnsafeMutableRawPointer?) {
    guard let cls else { return }
    let stream = Unmanaged<HTTPBodyStream>.fromOpaque(cls)
    stream.takeUnretainedValue().finish()
    stream.release()
}

/// Gives MHD the stream's next bytes; returns 0 with the connection suspended when it has none
/// yet (MHD asks again after the resume); fails the response once the client left, so MHD closes
/// the connection and releases the stream.
private func readStream(_ cls: UnsafeMutableRawPointer?, _ position: UInt64, _ buffer: UnsafeMutablePointer<CChar>?, _ max: Int) -> Int {
    guard let cls, let buffer else { return CMHD_CONTENT_READER_END_WITH_ERROR }
    switch Unmanaged<HTTPBodyStream>.fromOpaque(cls).takeUnretainedValue().read(maxBytes: max) {
    case .bytes(let bytes):
        bytes.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        return bytes.count
    case .suspended:
        return 0
    case .end:
        return CMHD_CONTENT_READER_END_OF_STREAM
    case .failed:
        return CMHD_CONTENT_READER_END_WITH_ERROR
    }
}

/// Suspends a connection from inside its content reader, to wait for a stream's bytes.
func suspendConnection(_ connection: ConnectionHandle) { MHD_suspend_connection(connection.pointer) }

/// Resumes a suspended connection; safe from any thread.
func resumeConnection(_ connection: ConnectionHandle) { MHD_resume_connection(connection.pointer) }
