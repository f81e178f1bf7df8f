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
        // Copied into an array first (one memcpy): `Data` handed over as a plain collection was
        // copied byte by byte (0.09 GB/s measured on the engine's path).
        Data(try AES128CBC(key: key, iv: iv).decrypt([UInt8](body)))
    }
}
