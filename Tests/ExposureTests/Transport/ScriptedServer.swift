import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
private let posixSocket = Glibc.socket
private let posixAccept = Glibc.accept
private let posixClose = Glibc.close
private let streamSocket = Int32(SOCK_STREAM.rawValue)
private let noSignal = Int32(MSG_NOSIGNAL)
#elseif canImport(Darwin)
import Darwin
private let posixSocket = Darwin.socket
private let posixAccept = Darwin.accept
private let posixClose = Darwin.close
private let streamSocket = SOCK_STREAM
private let noSignal: Int32 = 0
#endif

/// A test-only HTTP server that does exactly what its script says, byte for byte: a listening
/// socket on 127.0.0.1 and a free port, and a script that accepts connections, reads requests
/// and writes responses — the edge cases a real server never produces on demand.
///
/// The script runs on a thread of its own, started at once. Between two requests it waits for
/// the test, whose task may wait a long time for the cooperative pool in the full suite (76 s
/// has been seen), so the script does not time out on its own: releasing the server (the test
/// is over) interrupts whatever it is still waiting for, and a five-minute limit on every
/// socket call only stops a broken test from hanging for good. The listener and the script's
/// connections close when the script ends: a client that opens a connection the script did not
/// expect is refused.
final class ScriptedServer: Sendable {
    let port: Int
    private let listener: Listener
    private let outcome = Outcome()

    /// Starts listening and runs `script`.
    init(_ script: @escaping @Sendable (Listener) throws -> Void) throws {
        let listener = try Listener()
        self.listener = listener
        port = listener.port
        Thread { [outcome] in
            let result = Result { try script(listener) }
            listener.closeEverything()
            outcome.end(result)
        }.start()
    }

    deinit { listener.interruptEverything() }

    /// A URL on this server.
    func url(_ path: String = "/") -> URL { URL(string: "http://127.0.0.1:\(port)\(path)")! }

    /// Waits for the script to end and rethrows what it threw.
    func finish() async throws { try await outcome.wait() }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// How the script ended, and whoever waits for it.
    private final class Outcome: Sendable {
        private let state = Mutex<(result: Result<Void, any Error>?, waiter: CheckedContinuation<Void, any Error>?)>((nil, nil))

        func end(_ result: Result<Void, any Error>) {
            state.withLock { state in
                state.result = result
                return state.waiter
            }?.resume(with: result)
        }

        func wait() async throws {
            try await withCheckedThrowingContinuation { continuation in
                let ended = state.withLock { state in
                    if state.result == nil { state.waiter = continuation }
                    return state.result
                }
                if let ended { continuation.resume(with: ended) }
            }
        }
    }

    /// The listening socket, and every connection it accepted, so that all of them can be
    /// interrupted from the test's side and closed when the script ends.
    final class Listener: Sendable {
        let port: Int
        private let socket: Socket
        private let accepted = Mutex<[Connection]>([])

        fileprivate init() throws {
            socket = Socket(descriptor: posixSocket(AF_INET, streamSocket, 0))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound =
                socket.withDescriptor { descriptor in
                    withUnsafeMutablePointer(to: &address) { pointer in
                        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                            bind(descriptor, address, length) == 0 && listen(descriptor, 16) == 0
                                && getsockname(descriptor, address, &length) == 0
                        }
                    }
                } ?? false
            guard bound else { throw Failure(description: "bind/listen: \(errno)") }
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        /// The next connection.
        func accept() throws -> Connection {
            let descriptor = socket.withDescriptor { posixAccept($0, nil, nil) } ?? -1
            guard descriptor >= 0 else { throw Failure(description: "no connection came (errno \(errno))") }
            let connection = Connection(socket: Socket(descriptor: descriptor))
            accepted.withLock { $0.append(connection) }
            return connection
        }

        /// Accepts the next connection, reads one request from it and writes `answer`; returns
        /// the connection for scripts that go on with it.
        @discardableResult
        func answerNext(with answer: String) throws -> Connection { try answerNext(with: Array(answer.utf8)) }

        /// `answerNext(with:)` for an answer given as bytes.
        @discardableResult
        func answerNext(with answer: [UInt8]) throws -> Connection {
            let connection = try accept()
            _ = try connection.readRequest()
            try connection.write(answer)
            return connection
        }

        fileprivate func interruptEverything() {
            socket.interrupt()
            for connection in accepted.withLock({ $0 }) { connection.socket.interrupt() }
        }

        fileprivate func closeEverything() {
            socket.close()
            for connection in accepted.withLock({ $0 }) { connection.close() }
        }
    }

    /// One accepted connection.
    final class Connection: Sendable {
        fileprivate let socket: Socket
        private let buffered = Mutex<[UInt8]>([])

        fileprivate init(socket: Socket) { self.socket = socket }

        /// Reads one request: the head, then a `Content-Length` body. Returns it as text.
        func readRequest() throws -> String {
            while true {
                let request = buffered.withLock { buffered -> String? in
                    guard let headEnd = buffered.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound else { return nil }
                    let head = String(decoding: buffered[..<headEnd], as: UTF8.self)
                    let length =
                        head.split(separator: "\r\n")
                        .first { $0.lowercased().hasPrefix("content-length:") }
                        .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                    guard buffered.count >= headEnd + length else { return nil }
                    defer { buffered.removeFirst(headEnd + length) }
                    return String(decoding: buffered[..<(headEnd + length)], as: UTF8.self)
                }
                if let request { return request }
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
                let sent =
                    socket.withDescriptor { descriptor in
                        bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, noSignal) }
                    } ?? -1
                guard sent > 0 else { throw Failure(description: "send failed (errno \(errno))") }
                offset += sent
            }
        }

        /// Closes the connection (a FIN: everything sent was read, so no reset).
        func close() { socket.close() }

        /// Reads what arrives; false when the client closed.
        private func receive() throws -> Bool {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            let count =
                socket.withDescriptor { descriptor in
                    chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                } ?? 0
            if count < 0, errno == ECONNRESET { return false }
            guard count >= 0 else { throw Failure(description: "recv failed (errno \(errno))") }
            buffered.withLock { $0 += chunk[..<count] }
            return count > 0
        }
    }

    /// A descriptor that is closed exactly once and never used after: `interrupt()` may come
    /// from the test's thread while the script's thread is blocked in a call, so both go through
    /// one lock, and a closed descriptor's number (which the system hands out again) is never
    /// touched.
    fileprivate final class Socket: Sendable {
        private let descriptor: Mutex<Int32?>

        init(descriptor: Int32) {
            self.descriptor = Mutex(descriptor >= 0 ? descriptor : nil)
            if descriptor >= 0 { setBackstopTimeout(descriptor) }
        }

        deinit { close() }

        /// Runs `body` with the descriptor while it is open. The lock is not held during `body`,
        /// which may block, so that `interrupt()` can get in; only the script's thread closes,
        /// and never while it is using the descriptor.
        func withDescriptor<Value>(_ body: (Int32) -> Value) -> Value? {
            guard let descriptor = descriptor.withLock({ $0 }) else { return nil }
            return body(descriptor)
        }

        /// Makes blocked and later calls on it return (`shutdown`), without freeing the number.
        func interrupt() {
            descriptor.withLock { descriptor in
                if let descriptor { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
            }
        }

        func close() {
            descriptor.withLock { descriptor in
                if let open = descriptor { _ = posixClose(open) }
                descriptor = nil
            }
        }
    }
}

/// Every socket call of the script gives up after five minutes: only a broken test gets there.
private func setBackstopTimeout(_ descriptor: Int32) {
    var timeout = timeval(tv_sec: 300, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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
