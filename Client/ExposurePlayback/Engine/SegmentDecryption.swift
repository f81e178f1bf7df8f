import Cryptography
import Foundation

/// How the engine opens an AES-128 segment (RFC 8216 §4.3.2.4): CBC with PKCS#7 padding under
/// its key and IV, through the Cryptography adapter over libcrypto. `scripts/bench-aes`
/// measures this very path.
package enum SegmentDecryption {
    /// `body` decrypted under `key` and `iv`.
    ///
    /// libcrypto reads the segment's own bytes and writes the clear ones straight into the
    /// buffer the returned `Data` owns: one allocation, no copy. Through an array in and an
    /// array out (three buffers of a segment's size alive at once), glibc's malloc gave the
    /// freed megabytes back to the system on every segment and took them again as fresh pages
    /// (~500 page faults a 1 MiB segment), which held this path to 0.2–0.65 GB/s against the
    /// adapter's several GB/s.
    /// - Throws: ``CryptographyError`` for a key or IV that is not 16 bytes, a body that is not
    ///   whole blocks, or padding that is wrong (the wrong key, or damaged bytes).
    package static func decrypt(_ body: Data, key: [UInt8], iv: [UInt8]) throws(CryptographyError) -> Data {
        let cipher = try AES128CBC(key: key, iv: iv)
        let room = body.count + AES128CBC.keyLength
        let clear = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: AES128CBC.keyLength)
        let opened = body.withUnsafeBytes { ciphertext in
            Result { () throws(CryptographyError) in
                try cipher.decrypt(ciphertext, into: UnsafeMutableRawBufferPointer(start: clear, count: room))
            }
        }
        switch opened {
        case .success(let count):
            return Data(bytesNoCopy: clear, count: count, deallocator: .custom { bytes, _ in bytes.deallocate() })
        case .failure(let error):
            clear.deallocate()
            throw error
        }
    }
}
