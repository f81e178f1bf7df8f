import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain TCP connection to 127.0.0.1, for what URLSession hides: connection reuse, bodies cut
/// short, connections closed without an answer, chunked uploads.
///
/// Its socket is non-blocking: a read or write that has to wait suspends the task (a dispatch
/// source watches the socket), so no thread of the cooperative pool is held, and cancelling the
/// task ends the wait.
public actor RawConnection {
    /// How a read ended.
    public enum End: Equatable, Sendable {
        /// The peer closed cleanly (FIN).
        case closed
        /// The peer reset the connection.
        case reset
        /// The stopping condition was met with the connection still open (or nothing arrived
        /// within the connection's patience, or the task was cancelled).
        case open
    }

    public struct ConnectFailed: Error { public let errno: Int32 }

    private let socket: Int32
    private let patience: Duration
    private var buffered = Data()

    /// Connects, or throws when nothing listens on `port`. A read gives up (the connection
    /// still `.open`) when nothing arrives for `patience`, a write when the peer takes nothing
    /// for as long: a bound for a broken test, never waited out by a passing one, so generous
    /// (the full suite on a loaded machine has taken over 5 s to answer a loopback request).
    public init(port: Int, patience: Duration = .seconds(30)) async throws {
        #if canImport(Glibc)
        // Close-on-exec: a child process a test starts meanwhile must not keep this connection open.
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        #else
        socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        self.patience = patience
        makeNonBlocking(socket)
        // No close here: `deinit` runs even when this throws (every property is set by then),
        // and a second close would close whatever socket took the number in between.
        guard !connectToLoopback(socket, port: port) else { return }
        guard errno == EINPROGRESS else { throw ConnectFailed(errno: errno) }
        switch await descriptorReady(socket, for: .write, within: patience) {
        case .ready: break
        case .timedOut: throw ConnectFailed(errno: ETIMEDOUT)
        case .cancelled: throw CancellationError()
        }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &failure, &length)
        guard failure == 0 else { throw ConnectFailed(errno: failure) }
    }

    deinit { close(socket) }

    /// Writes all of `text`.
    public func send(_ text: String) async { await send(Data(text.utf8)) }

    /// Writes all of `data`; a peer that already closed (or stopped reading) is not an error here.
    public func send(_ data: Data) async {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { bytes in
                #if canImport(Glibc)
                Glibc.send(socket, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                #else
                Darwin.send(socket, bytes.baseAddress! + offset, bytes.count - offset, 0)
                #endif
            }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EINTR {
                continue
            } else if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK,
                await descriptorReady(socket, for: .write, within: patience) == .ready
            {
                continue
            } else {
                return
            }
        }
    }

    /// Reads one response: the head up to the blank line, then (unless answering HEAD) a
    /// `Content-Length` body or, if the connection ends first, whatever arrived.
    public func readResponse(hasBody: Bool = true) async -> (head: String, body: Data, end: End) {
        var end = await fill { $0.range(of: Data("\r\n\r\n".utf8)) != nil }
        guard let headEnd = buffered.range(of: Data("\r\n\r\n".utf8)) else {
            let head = String(decoding: buffered, as: UTF8.self)
            buffered = Data()
            return (head, Data(), end)
        }
        let head = String(decoding: buffered[..<headEnd.lowerBound], as: UTF8.self)
        buffered = Data(buffered[headEnd.upperBound...])
        let length = hasBody ? Self.contentLength(in: head) ?? 0 : 0
        if buffered.count < length { end = await fill { $0.count >= length } }
        let body = Data(buffered.prefix(length))
        buffered = Data(buffered.dropFirst(length))
        return (head, body, end)
    }

    /// Tells the peer nothing more will be sent (the read side stays open).
    public nonisolated func finishSending() { shutdown(socket, Int32(SHUT_WR)) }

    /// Whether the peer has sent anything not read yet (or closed), without waiting.
    public func hasBytesWaiting() -> Bool {
        var byte: UInt8 = 0
        return !buffered.isEmpty || recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT)) >= 0
    }

    /// Reads until the peer closes or resets; returns what arrived.
    public func readToEnd() async -> (data: Data, end: End) {
        let end = await fill { _ in false }
        defer { buffered = Data() }
        return (buffered, end)
    }

    /// Reads until what arrived and is not read yet contains `text` (or the connection ends);
    /// returns it, up to and including `text`.
    public func read(through text: String) async -> (data: Data, end: End) {
        let marker = Data(text.utf8)
        let end = await fill { $0.range(of: marker) != nil }
        let cut = buffered.range(of: marker)?.upperBound ?? buffered.endIndex
        defer { buffered = Data(buffered[cut...]) }
        return (Data(buffered[..<cut]), end)
    }

    private func fill(until done: (Data) -> Bool) async -> End {
        while !done(buffered) {
            switch await readAvailable(socket, within: patience) {
            case .bytes(let chunk): buffered.append(chunk)
            case .end: return .closed
            case .failed(let code): return code == ECONNRESET ? .reset : .open
            case .timedOut, .cancelled: return .open
            }
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
