/// Bytes as lower-case hexadecimal, two digits per byte: digests, signatures and tokens.
package enum LowercaseHex {
    /// `bytes` as hex, written in one buffer.
    package static func string(_ bytes: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: 2 * bytes.count) { buffer in
            for (offset, byte) in bytes.enumerated() {
                buffer[2 * offset] = digit(byte >> 4)
                buffer[2 * offset + 1] = digit(byte & 0x0F)
            }
            return 2 * bytes.count
        }
    }

    /// The lower-case digit of `nibble` (0–15), as UTF-8.
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
