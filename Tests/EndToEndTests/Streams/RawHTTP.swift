import Foundation
import TestSupport

/// Sends a request line exactly as written (URLSession and curl would normalise `..` away)
/// over a plain TCP socket and returns the status code.
enum RawHTTP {
    static func status(port: Int, method: String = "GET", target: String) async throws -> Int {
        let connection = try await RawConnection(port: port)
        await connection.send("\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        let response = await connection.read(through: "\n").data
        let statusLine = String(decoding: response.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw StreamTestError("no status line in \(statusLine.debugDescription)")
        }
        return status
    }
}
