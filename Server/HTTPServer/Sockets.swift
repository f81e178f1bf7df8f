// Every C call of the HTTP server lives in this file; the rest of the module is plain Swift.
import CSocket
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket listening on a numeric address. `accept()` blocks; `close()` from another thread
/// wakes it.
final class ListeningSocket: @unchecked Sendable {
    // @unchecked: `descriptor` is immutable; the kernel serialises accept and shutdown on it.
    private let descriptor: Int32
    /// The bound port (the kernel's choice when asked for 0).
    let port: Int

    /// Binds `host:port` and listens.
    /// - Throws: `.invalidHost` unless `host` is a numeric IPv4 or IPv6 address, `.cannotListen`
    ///   with the system's words when the socket cannot be bound.
    init(host: String, port: Int) throws(HTTPServerError) {
        let failure = { (kind: HTTPServerError.Kind, detail: String) in
            HTTPServerError(kind: kind, host: host, port: port, detail: detail)
        }
        guard (0...65535).contains(port) else { throw failure(.cannotListen, "port out of range") }
        var address = sockaddr_storage()
        let length: socklen_t
        let family: Int32
        if Self.fill(&address, host: host, port: port, family: AF_INET) {
            (family, length) = (AF_INET, socklen_t(MemoryLayout<sockaddr_in>.size))
        } else if Self.fill(&address, host: host, port: port, family: AF_INET6) {
            (family, length) = (AF_INET6, socklen_t(MemoryLayout<sockaddr_in6>.size))
        } else {
            throw failure(.invalidHost, "")
        }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw failure(.cannotListen, Self.lastError()) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 {
            // `::` means IPv6 only, as it did before: IPv4 clients need their own listener.
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 1024) == 0 else {
            let reason = Self.lastError()
            Glibc.close(descriptor)
            throw failure(.cannotListen, reason)
        }
        self.descriptor = descriptor
        self.port = Self.boundPort(descriptor) ?? port
    }

    deinit { Glibc.close(descriptor) }

    /// The next connection, or nil once the socket was closed. Transient failures (a client
    /// that gave up, out of descriptors) are retried after a short pause.
    func accept() -> ConnectedSocket? {
        while true {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let connection = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    csocket_accept(descriptor, $0, &length)
                }
            }
            if connection >= 0 { return ConnectedSocket(descriptor: connection, peer: address) }
            switch errno {
            case EINTR, ECONNABORTED, EPROTO: continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: usleep(10_000)
            default: return nil
            }
        }
    }

    /// Stops listening; a blocked `accept()` returns nil.
    func close() { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }

    private static func fill(_ storage: inout sockaddr_storage, host: String, port: Int, family: Int32) -> Bool {
        storage = sockaddr_storage()
        return withUnsafeMutableBytes(of: &storage) { raw in
            if family == AF_INET {
                let v4 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                v4.pointee.sin_family = sa_family_t(AF_INET)
                v4.pointee.sin_port = in_port_t(port).bigEndian
                return inet_pton(AF_INET, host, &v4.pointee.sin_addr) == 1
            }
            let v6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
            v6.pointee.sin6_family = sa_family_t(AF_INET6)
            v6.pointee.sin6_port = in_port_t(port).bigEndian
            return inet_pton(AF_INET6, host, &v6.pointee.sin6_addr) == 1
        }
    }

    private static func boundPort(_ descriptor: Int32) -> Int? {
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard found == 0 else { return nil }
        return withUnsafeBytes(of: &address) { raw in
            // sin_port and sin6_port sit at the same offset, right after the family.
            Int(in_port_t(bigEndian: raw.load(fromByteOffset: 2, as: in_port_t.self)))
        }
    }

    fileprivate static func lastError() -> String { String(cString: strerror(errno)) }
}

/// One accepted connection, used by a single thread, except `shutdown()`, which any thread may
/// call to wake it as long as the owner has not closed it.
final class ConnectedSocket: @unchecked Sendable {
    // @unchecked: `descriptor` is immutable; `isClosed` is only touched by the owning thread
    // (`close()` and the ways of ending) and by `deinit`. Other threads only call shutdown(2),
    // and only while the owner still keeps the connection registered, i.e. open.
    private let descriptor: Int32
    private var isClosed = false
    /// The peer's numeric address, e.g. `127.0.0.1`.
    let remoteAddress: String?

    fileprivate init(descriptor: Int32, peer: sockaddr_storage) {
        self.descriptor = descriptor
        var noDelay: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
        self.remoteAddress = Self.numericAddress(peer)
    }

    deinit { close() }

    /// Blocks SIGPIPE on the calling thread: sendfile(2), unlike send with MSG_NOSIGNAL, raises
    /// it when the peer has gone, and its default action ends the process.
    static func ignoreBrokenPipesOnThisThread() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Gives up on a receive or send that makes no progress for this long (0: never).
    func setTimeout(seconds: Int) {
        var limit = timeval(tv_sec: seconds, tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, size)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, size)
    }

    /// Reads what has arrived (blocking until something has) into `buffer`: the byte count, 0
    /// at the peer's end of stream, nil on error or timeout.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        while true {
            let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if count >= 0 { return count }
            if errno != EINTR { return nil }
        }
    }

    /// Sends all of `parts` in order with as few calls as the kernel allows; `more` tells it
    /// further bytes follow at once (so it need not push a short packet). False on failure.
    func send(_ parts: [UnsafeRawBufferPointer], more: Bool = false) -> Bool {
        var vectors = parts.filter { $0.count > 0 }.map {
            iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
        }
        var first = 0
        while first < vectors.count {
            let sent = vectors.withUnsafeMutableBufferPointer { all -> Int in
                var message = msghdr()
                message.msg_iov = all.baseAddress! + first
                message.msg_iovlen = all.count - first
                return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0))
            }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            var remaining = sent
            while first < vectors.count, remaining >= vectors[first].iov_len {
                remaining -= vectors[first].iov_len
                first += 1
            }
            if remaining > 0 {
                vectors[first].iov_base += remaining
                vectors[first].iov_len -= remaining
            }
        }
        return true
    }

    /// Sends `count` bytes of `file` from its start without copying them through user memory.
    func send(_ file: PageCacheFile, count: Int) -> Bool {
        var offset = off_t(0)
        while offset < count {
            let sent = csocket_send_file(descriptor, file.descriptor, &offset, count - Int(offset))
            if sent < 0, errno == EINTR { continue }
            if sent <= 0 { return false }
        }
        return true
    }

    /// Ends the connection with a reset instead of an orderly close, like a failing server,
    /// once the bytes already written have left (a reset discards unsent ones), waiting at most
    /// a second for them.
    func reset() {
        let deadline = ContinuousClock.now + .seconds(1)
        while csocket_unsent_bytes(descriptor) > 0, ContinuousClock.now < deadline { usleep(1000) }
        var abort = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &abort, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    /// Ends the connection after an answer: stops sending, then reads and discards what the
    /// client still sends (a body it was told is too large, pipelined requests) for up to two
    /// seconds or 1 MiB, because closing with unread bytes resets the connection and can
    /// destroy the answer before the client read it (RFC 9112 §9.6).
    func finish() {
        Glibc.shutdown(descriptor, Int32(SHUT_WR))
        setTimeout(seconds: 1)
        let deadline = ContinuousClock.now + .seconds(2)
        var drained = 0
        var sink = [UInt8](repeating: 0, count: 16 * 1024)
        while drained < 1 << 20, ContinuousClock.now < deadline {
            let count = sink.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0, !(count < 0 && errno == EINTR) { break }
            drained += max(0, count)
        }
        close()
    }

    /// Closes the descriptor (once). The owner calls it after the connection is unregistered.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    /// Stops receiving (a blocked or later `receive` sees the end of stream) and, with
    /// `sending`, sending too. Safe from any thread.
    func shutdown(sending: Bool) {
        Glibc.shutdown(descriptor, Int32(sending ? SHUT_RDWR : SHUT_RD))
    }

    private static func numericAddress(_ peer: sockaddr_storage) -> String? {
        var peer = peer
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let converted: UnsafePointer<CChar>? = withUnsafeMutableBytes(of: &peer) { raw in
            switch Int32(raw.load(as: sa_family_t.self)) {
            case AF_INET:
                let v4 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in.self)
                return inet_ntop(AF_INET, &v4.pointee.sin_addr, &text, socklen_t(text.count))
            case AF_INET6:
                let v6 = raw.baseAddress!.assumingMemoryBound(to: sockaddr_in6.self)
                return inet_ntop(AF_INET6, &v6.pointee.sin6_addr, &text, socklen_t(text.count))
            default:
                return nil
            }
        }
        guard converted != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Bytes in an unnamed file, which the kernel can send to sockets straight from its page cache
/// (sendfile) rather than copying them from user memory for every response.
///
/// The file lives in the temporary directory's file system when that can hold unnamed files
/// (O_TMPFILE), else in memory (memfd). The first is the faster source where it is a disk file
/// system: ext4 keeps a written file in large folios that sendfile looks up a batch at a time,
/// where a memory file is looked up page by page (measured on the 363 KB live playlist: 5 % of
/// the mock's CPU against 14 %). Nothing of it outlives it: the file is gone, and any blocks the
/// kernel wrote back are freed, when it is closed or the process ends.
final class PageCacheFile: Sendable {
    fileprivate let descriptor: Int32
    /// The file's length.
    let count: Int

    /// Where unnamed files go: `TMPDIR` or `/tmp`.
    private static let directory = FileManager.default.temporaryDirectory.path

    /// A file holding `prefix` followed by `bytes`, or nil when the system refuses one.
    init?(_ bytes: Data, after prefix: [UInt8] = []) {
        var descriptor = csocket_unnamed_file(Self.directory)
        if descriptor < 0 { descriptor = csocket_memory_file("http-body") }
        guard descriptor >= 0 else { return nil }
        func write(_ raw: UnsafeRawBufferPointer, at start: Int) -> Bool {
            var offset = 0
            while offset < raw.count {
                let count = pwrite(descriptor, raw.baseAddress! + offset, raw.count - offset, off_t(start + offset))
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        guard prefix.withUnsafeBytes({ write($0, at: 0) }), bytes.withUnsafeBytes({ write($0, at: prefix.count) }) else {
            Glibc.close(descriptor)
            return nil
        }
        self.descriptor = descriptor
        self.count = prefix.count + bytes.count
    }

    deinit { Glibc.close(descriptor) }
}
