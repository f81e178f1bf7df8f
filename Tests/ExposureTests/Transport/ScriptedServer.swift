import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
private let posixAccept = Glibc.accept
private let posixClose = Glibc.close
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let posixAccept = Darwin.accept
private let posixClose = Darwin.close
private let streamSocket = SOCK_STREAM
private let noSignal: Int32 = 0
#endif

/// A test-only HTTP server that does exactly what its script says, byte for byte: a listening
/// socket on 127.0.0.1 and a free port, and a script that accepts connections, reads requests
/// and writes responses — the edge cases a real server never produces on demand.
///
/// The script runs on a thread of its own, started at once: a task would first have to wait
/// its turn on the cooperative pool, which in the full suite can take longer than the client's
/// timeout. Every socket call gives up after 60 seconds, so a script waiting for a connection
/// or a request that never comes fails instead of hanging. The listener closes when the script
/// ends: a client that opens a connection the script did not expect is refused.
final class ScriptedServer: Sendable {
    let port: Int
    private let outcome = Mutex<(result: Result<Void, any Error>?, waiter: CheckedContinuation<Void, any Error>?)>((nil, nil))

    /// Starts listening and runs `script`. `backlog` is `listen`'s.
    init(backlog: Int32 = 16, _ script: @escaping @Sendable (Listener) throws -> Void) throws {
        let listener = try Listener(backlog: backlog)
        port = listener.port
        Thread { [self] in
            let result = Result { try script(listener) }
            listener.close()
            outcome.withLock { outcome in
                outcome.result = result
                return outcome.waiter
            }?.resume(with: result)
        }.start()
    }

    /// A URL on this server.
    func url(_ path: String = "/") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Waits for the script to end and rethrows what it threw.
    func finish() async throws {
        try await withCheckedThrowingContinuation { continuation in
            let ended = outcome.withLock { outcome in
                if outcome.result == nil { outcome.waiter = continuation }
                return outcome.result
            }
            if let ended { continuation.resume(with: ended) }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The listening socket.
    final class Listener: @unchecked Sendable {
        let port: Int
        private let descriptor: Int32

        fileprivate init(backlog: Int32) throws {
            let descriptor = socket(AF_INET, streamSocket, 0)
            guard descriptor >= 0 else { throw Failure(description: "socket: \(errno)") }
            self.descriptor = descriptor
            setTimeout(descriptor)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(descriptor, address, length) == 0 && listen(descriptor, backlog) == 0
                        && getsockname(descriptor, address, &length) == 0
                }
            }
            guard bound else { throw Failure(description: "bind/listen: \(errno)") }
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        /// The next connection.
        func accept() throws -> Connection {
            let connection = posixAccept(descriptor, nil, nil)
            guard connection >= 0 else { throw Failure(description: "no connection came (errno \(errno))") }
            setTimeout(connection)
            return Connection(descriptor: connection)
        }

        fileprivate func close() { _ = posixClose(descriptor) }
    }

    /// One accepted connection; closed when released, if the script did not close it before.
    final class Connection {
        private let descriptor: Int32
        private var buffered: [UInt8] = []
        private var isOpen = true

        fileprivate init(descriptor: Int32) { self.descriptor = descriptor }

        deinit { close() }

        /// Reads one request: the head, then a `Content-Length` body. Returns it as text.
        func readRequest() throws -> String {
            while true {
                if let headEnd = buffered.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                    let head = String(decoding: buffered[..<headEnd], as: UTF8.self)
                    let length = head.split(separator: "\r\n")
                        .first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                    if buffered.count >= headEnd + length {
                        defer { buffered.removeFirst(headEnd + length) }
                        return String(decoding: buffered[..<(headEnd + length)], as: UTF8.self)
                    }
                }
                guard try receive() else {
                    throw Failure(description: "the client closed the connection instead of sending a request")
                }
            }
        }

        /// Waits until the client closes its side (or resets the connection).
        func waitForClientToClose() throws {
            while try receive() {}
        }

        /// Writes `text` as UTF-8.
        func write(_ text: String) throws { try write(Array(text.utf8)) }

        /// Writes `bytes`.
        func write(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let sent = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, noSignal) }
                guard sent > 0 else { throw Failure(description: "send failed (errno \(errno))") }
                offset += sent
            }
        }

        /// Closes the connection (a FIN: everything sent was read, so no reset).
        func close() {
            guard isOpen else { return }
            isOpen = false
            _ = posixClose(descriptor)
        }

        /// Reads what arrives; false when the client closed.
        private func receive() throws -> Bool {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == ECONNRESET { return false }
            guard count >= 0 else { throw Failure(description: "recv failed (errno \(errno))") }
            buffered += chunk[..<count]
            return count > 0
        }
    }
}

/// Sends, receives and accepts on `descriptor` give up after 60 seconds.
private func setTimeout(_ descriptor: Int32) {
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
}

/// A client connection to 127.0.0.1 that connects and does nothing else, e.g. to fill a
/// listener's queue. Closed when released — also when connecting fails, as `deinit` runs for a
/// class whose initialiser throws after setting every property (closing here too would close
/// whatever socket took the number in between).
final class IdleClient {
    private let descriptor: Int32

    init(port: Int) throws {
        descriptor = socket(AF_INET, streamSocket, 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ScriptedServer.Failure(description: "connect failed (errno \(errno))") }
    }

    deinit { _ = posixClose(descriptor) }
}

/// A port on 127.0.0.1 that refuses connections for as long as this lives: bound, so no other
/// test's server can take it, but not listening.
final class RefusingPort {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, streamSocket, 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0 && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw ScriptedServer.Failure(description: "bind failed (errno \(errno))") }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { _ = posixClose(descriptor) }
}
