import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to 127.0.0.1, for what URLSession hides: connection reuse, bodies cut
/// short, connections closed without an answer, chunked uploads.
// @unchecked: a test uses a connection from one thread at a time (its reads run off the pool);
// nothing in it is shared between threads at once.
public final class RawConnection: @unchecked Sendable {
    /// How a read ended.
    public enum End: Equatable, Sendable {
        /// The peer closed cleanly (FIN).
        case closed
        /// The peer reset the connection.
        case reset
        /// The stopping condition was met with the connection still open.
        case open
    }

    public struct ConnectFailed: Error { public let errno: Int32 }

    private let socket: Int32
    private var buffered = Data()

    /// Connects, or throws when nothing listens on `port`. Reads give up after 5 seconds.
    public init(port: Int) throws {
        #if canImport(Glibc)
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        // No close here: `deinit` runs even when this throws (every property is set by then),
        // and a second close would close whatever socket took the number in between.
        guard connectToLoopback(socket, port: port) else { throw ConnectFailed(errno: errno) }
    }

    deinit { close(socket) }

    /// Writes all of `text`.
    public func send(_ text: String) { send(Data(text.utf8)) }

    /// Writes all of `data`; a peer that already closed is not an error here.
    public func send(_ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                #if canImport(Glibc)
                let sent = Glibc.send(socket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                #else
                let sent = Darwin.send(socket, bytes.baseAddress! + offset, bytes.count - offset, 0)
                #endif
                if sent <= 0 { return }
                offset += sent
            }
        }
    }

    /// Reads one response: the head up to the blank line, then (unless answering HEAD) a
    /// `Content-Length` body or, if the connection ends first, whatever arrived.
    public func readResponse(hasBody: Bool = true) -> (head: String, body: Data, end: End) {
        var end = fill { $0.range(of: Data("\r\n\r\n".utf8)) != nil }
        guard let headEnd = buffered.range(of: Data("\r\n\r\n".utf8)) else {
            let head = String(decoding: buffered, as: UTF8.self)
            buffered = Data()
            return (head, Data(), end)
        }
        let head = String(decoding: buffered[..<headEnd.lowerBound], as: UTF8.self)
        buffered = Data(buffered[headEnd.upperBound...])
        let length = hasBody ? Self.contentLength(in: head) ?? 0 : 0
        if buffered.count < length { end = fill { $0.count >= length } }
        let body = Data(buffered.prefix(length))
        buffered = Data(buffered.dropFirst(length))
        return (head, body, end)
    }

    /// Tells the peer nothing more will be sent (the read side stays open).
    public func finishSending() { shutdown(socket, Int32(SHUT_WR)) }

    /// Whether the peer has sent anything not read yet (or closed), without waiting.
    public func hasBytesWaiting() -> Bool {
        var byte: UInt8 = 0
        return !buffered.isEmpty || recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) >= 0
    }

    /// Reads until the peer closes or resets; returns what arrived.
    public func readToEnd() -> (data: Data, end: End) {
        let end = fill { _ in false }
        defer { buffered = Data() }
        return (buffered, end)
    }

    /// Reads until what arrived and is not read yet contains `text` (or the connection ends);
    /// returns it, up to and including `text`.
    public func read(through text: String) -> (data: Data, end: End) {
        let marker = Data(text.utf8)
        let end = fill { $0.range(of: marker) != nil }
        let cut = buffered.range(of: marker)?.upperBound ?? buffered.endIndex
        defer { buffered = Data(buffered[cut...]) }
        return (Data(buffered[..<cut]), end)
    }

    private func fill(until done: (Data) -> Bool) -> End {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while !done(buffered) {
            let received = recv(socket, &chunk, chunk.count, 0)
            if received == 0 { return .closed }
            if received < 0 { return errno == ECONNRESET ? .reset : .open }
            buffered.append(contentsOf: chunk[..<received])
        }
        return .open
    }

    public static func contentLength(in head: String) -> Int? {
        head.split(separator: "\r\n").lazy
            .compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
            .first
    }
}
