import Cryptography
import Foundation

/// How the engine opens an AES-128 segment (RFC 8216 §4.3.2.4): CBC with PKCS#7 padding under
/// its key and IV, through the Cryptography adapter over libcrypto. `scripts/bench-aes`
/// measures this very path.
package enum SegmentDecryption {
    /// `body` decrypted under `key` and `iv`: libcrypto reads the segment's own bytes and writes
    /// the clear ones straight into the buffer the returned `Data` owns (one allocation, no
    /// copy; ``AES128CBC/decrypt(data:)``).
    /// - Throws: ``CryptographyError`` for a key or IV that is not 16 bytes, a body that is not
    ///   whole blocks, or padding that is wrong (the wrong key, or damaged bytes).
    package static func decrypt(_ body: Data, key: [UInt8], iv: [UInt8]) throws(CryptographyError) -> Data {
        try AES128CBC(key: key, iv: iv).decrypt(data: body)
    }
}
