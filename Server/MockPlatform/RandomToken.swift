#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unguessable identifiers for session tokens, play sessions, play tokens and request ids.
enum RandomToken {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `bytes` random bytes as lowercase hex. `arc4random_buf` (glibc 2.36+, Darwin) draws
    /// from a per-thread cryptographic generator: SystemRandomNumberGenerator made a
    /// `getrandom` system call per 8 bytes, three tokens per play request.
    static func make(bytes: Int) -> String {
        var random = [UInt8](repeating: 0, count: bytes)
        random.withUnsafeMutableBytes { buffer in
            if let start = buffer.baseAddress { arc4random_buf(start, buffer.count) }
        }
        var hex = [UInt8]()
        hex.reserveCapacity(bytes * 2)
        for byte in random {
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
