import Foundation
#if canImport(Glibc)
import Glibc
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let streamSocket = SOCK_STREAM
private let noSignal: Int32 = 0  // SO_NOSIGPIPE is set on the socket instead
#endif

/// A connected TCP socket with `TCP_NODELAY` and timeouts: the one place the keep-alive
/// transport calls the C socket API.
///
/// Calls block (with the timeout), so run them off Swift's cooperative pool. One request uses a
/// connection at a time — it is handed between requests through the idle pool's lock — except
/// ``interrupt()``, which any thread may call. The descriptor is closed when the last reference
/// goes, so an interrupt can never reach a descriptor number the system has reused.
final class SocketConnection: @unchecked Sendable {
    /// Where it is connected, for messages.
    let address: ServerAddress
    private let descriptor: Int32
    private let timeout: TimeInterval

    private init(descriptor: Int32, address: ServerAddress, timeout: TimeInterval) {
        self.descriptor = descriptor
        self.address = address
        self.timeout = timeout
    }

    deinit { close(descriptor) }

    /// Resolves `address` and connects to the first of its IP addresses that accepts, each
    /// attempt limited to `timeout` seconds, which then also bounds every send and receive.
    static func open(to address: ServerAddress, timeout: TimeInterval) throws -> SocketConnection {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = streamSocket
        hints.ai_flags = AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(address.host, String(address.port), &hints, &found)
        guard status == 0 else {
            throw KeepAliveTransportError.cannotResolve(host: address.host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(found) }
        var lastError = KeepAliveTransportError.cannotResolve(host: address.host, reason: "no addresses")
        var candidate = found
        while let info = candidate?.pointee {
            candidate = info.ai_next
            let descriptor = socket(info.ai_family, info.ai_socktype, info.ai_protocol)
            guard descriptor >= 0 else {
                lastError = .socketFailure(operation: "socket", reason: describe(errno))
                continue
            }
            let connection = SocketConnection(descriptor: descriptor, address: address, timeout: timeout)
            do {
                try connection.establish(to: info.ai_addr, length: info.ai_addrlen)
                try connection.configure()
                return connection
            } catch let error as KeepAliveTransportError {
                lastError = error
            }
        }
        throw lastError
    }

    /// Writes all of `bytes` and returns true, or returns false as soon as the server answers or
    /// closes before taking them all (e.g. a 413 for a body it will not read), so the caller
    /// can read what it said instead of failing on a broken pipe.
    func write(_ bytes: UnsafeRawBufferPointer) throws -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = send(descriptor, bytes.baseAddress! + offset, bytes.count - offset, noSignal | Int32(MSG_DONTWAIT))
            if sent >= 0 {
                offset += sent
                continue
            }
            switch errno {
            case EINTR:
                continue
            case EPIPE, ECONNRESET:
                return false
            case EAGAIN:
                let ready = try wait(for: Int16(POLLIN | POLLOUT))
                if ready & Int16(POLLIN | POLLHUP | POLLERR) != 0 { return false }
            case let code:
                throw KeepAliveTransportError.socketFailure(operation: "send to \(address)", reason: describe(code))
            }
        }
        return true
    }

    /// Reads what has arrived into `buffer`, waiting up to the timeout for something to; returns
    /// the number of bytes, 0 when the server has closed its side.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let received = recv(descriptor, buffer.baseAddress, buffer.count, 0)
            if received >= 0 { return received }
            switch errno {
            case EINTR:
                continue
            case EAGAIN:
                throw KeepAliveTransportError.timedOut(address: address.description, seconds: timeout)
            case ECONNRESET:
                return 0
            case let code:
                throw KeepAliveTransportError.socketFailure(operation: "recv from \(address)", reason: describe(code))
            }
        }
    }

    /// Whether an idle connection still looks usable: nothing to read and no hang-up. One the
    /// server closed while it sat in the pool shows up readable (end of stream) here.
    var isQuiet: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 0
    }

    /// Makes a blocked ``write(_:)`` or ``read(into:)`` on another thread return at once,
    /// and every later one fail; for cancelling a request.
    func interrupt() {
        #if canImport(Glibc)
        shutdown(descriptor, Int32(SHUT_RDWR))
        #else
        shutdown(descriptor, SHUT_RDWR)
        #endif
    }

    /// `connect` without blocking, then `poll` for at most the timeout.
    private func establish(to socketAddress: UnsafeMutablePointer<sockaddr>?, length: socklen_t) throws {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        if connect(descriptor, socketAddress, length) != 0 {
            guard errno == EINPROGRESS || errno == EINTR else {
                throw KeepAliveTransportError.cannotConnect(address: address.description, reason: describe(errno))
            }
            _ = try wait(for: Int16(POLLOUT))
            var failure: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size)
            guard failure == 0 else {
                throw KeepAliveTransportError.cannotConnect(address: address.description, reason: describe(failure))
            }
        }
        _ = fcntl(descriptor, F_SETFL, flags)
    }

    /// Small requests leave at once (no Nagle delay); receives give up after the timeout.
    private func configure() throws {
        var on: Int32 = 1
        var limit = timeval(tv_sec: Int(timeout), tv_usec: .init((timeout - timeout.rounded(.down)) * 1_000_000))
        var failed = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size)) != 0
        failed = failed || setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size)) != 0
        #if canImport(Darwin)
        failed = failed || setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size)) != 0
        #endif
        if failed { throw KeepAliveTransportError.socketFailure(operation: "setsockopt", reason: describe(errno)) }
    }

    /// Waits until `events` may be done without blocking, at most the timeout; returns what is ready.
    private func wait(for events: Int16) throws -> Int16 {
        let milliseconds = Int32(min(timeout * 1000, Double(Int32.max)).rounded(.up))
        while true {
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            switch poll(&entry, 1, milliseconds) {
            case 0:
                throw KeepAliveTransportError.timedOut(address: address.description, seconds: timeout)
            case 1:
                return entry.revents
            default:
                guard errno == EINTR else {
                    throw KeepAliveTransportError.socketFailure(operation: "poll", reason: describe(errno))
                }
            }
        }
    }
}

/// The system's words for an `errno` value.
private func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
}
