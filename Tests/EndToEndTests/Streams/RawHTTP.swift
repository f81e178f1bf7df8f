import Foundation
import TestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Sends a request line exactly as written (URLSession and curl would normalise `..` away)
/// over a plain TCP socket and returns the status code.
enum RawHTTP {
    static func status(port: Int, method: String = "GET", target: String) throws -> Int {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StreamTestError("socket() failed") }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard connectToLoopback(fd, port: port) else { throw StreamTestError("connect() failed") }
        let request = Array("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard written > 0 else { throw StreamTestError("send() failed") }
            sent += written
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !response.contains(UInt8(ascii: "\n")) {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            response += buffer[..<count]
        }
        let statusLine = String(decoding: response.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw StreamTestError("no status line in \(statusLine.debugDescription)")
        }
        return status
    }
}
