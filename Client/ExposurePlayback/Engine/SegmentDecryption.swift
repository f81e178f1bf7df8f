import Cryptography
import Foundation

/// How the engine opens an AES-128 segment (RFC 8216 §4.3.2.4): CBC with PKCS#7 padding under
/// its key and IV, through the Cryptography adapter over libcrypto. `scripts/bench-aes`
/// measures this very path.
package enum SegmentDecryption {
    /// `body` decrypted under `key` and `iv`.
    /// - Throws: ``CryptographyError`` for a key or IV that is not 16 bytes, a body that is not
    ///   whole blocks, or padding that is wrong (the wrong key, or damaged bytes).
    package static func decrypt(_ body: Data, key: [UInt8], iv: [UInt8]) throws(CryptographyError) -> Data {
        // Bytes cross between `Data` and arrays as buffers (a memcpy each): taken as plain
        // collections they went byte by byte (0.09–0.65 GB/s measured on this path).
        let ciphertext = body.withUnsafeBytes { [UInt8]($0.bindMemory(to: UInt8.self)) }
        return try AES128CBC(key: key, iv: iv).decrypt(ciphertext).withUnsafeBytes { Data($0) }
    }
}
