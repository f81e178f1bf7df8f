import Cryptography
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unguessable identifiers for session tokens, play sessions, play tokens and request ids.
enum RandomToken {
    private static let pool = Mutex(RandomPool())

    /// `bytes` random bytes as lowercase hex.
    static func make(bytes: Int) -> String {
        LowercaseHex.string(pool.withLock { pool in (0..<bytes).map { _ in pool.next() } })
    }
}

/// Cryptographically random bytes drawn from the system 4 KiB at a time. glibc 2.36's
/// `arc4random_buf` is a `getrandom` system call per call, and a play request needs three
/// tokens; SystemRandomNumberGenerator made one per 8 bytes.
private struct RandomPool {
    private var bytes = [UInt8](repeating: 0, count: 4096)
    private var position = 4096

    mutating func next() -> UInt8 {
        if position == bytes.count {
            bytes.withUnsafeMutableBytes { buffer in
                if let start = buffer.baseAddress { arc4random_buf(start, buffer.count) }
            }
            position = 0
        }
        defer { position += 1 }
        return bytes[position]
    }
}
