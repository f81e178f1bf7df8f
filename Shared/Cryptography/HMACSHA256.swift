import CCrypto

/// HMAC-SHA-256 (RFC 2104) through libcrypto: what the mock signs play tokens with and derives
/// content keys from, so neither needs storing.
public enum HMACSHA256 {
    /// The 32-byte authentication code of `message` under `key` (empty only when libcrypto
    /// cannot allocate, which matches no code).
    public static func code(key: [UInt8], message: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let made = key.withUnsafeBufferPointer { keyBytes in
            message.withUnsafeBufferPointer { messageBytes in
                HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count), messageBytes.baseAddress, messageBytes.count, &digest,
                    &length)
            }
        }
        guard made != nil else { return [] }
        return Array(digest.prefix(Int(length)))
    }
}
