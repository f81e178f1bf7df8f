/// RFC 8216's hexadecimal-sequence (`0x` and upper-case digits, two per byte): an `IV`, a
/// DATERANGE's `SCTE35-*` and `X-` values. Written here only, whether into a playlist's bytes or
/// as a string.
package enum HexadecimalSequence {
    /// `bytes` as `0x…`.
    package static func string(_ bytes: some Sequence<UInt8>) -> String {
        var written: [UInt8] = []
        write(bytes, into: &written)
        return String(decoding: written, as: UTF8.self)
    }

    /// Appends `bytes` as `0x…` to `output`.
    static func write(_ bytes: some Sequence<UInt8>, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "0"))
        output.append(UInt8(ascii: "x"))
        for byte in bytes {
            output.append(digit(byte >> 4))
            output.append(digit(byte & 0x0F))
        }
    }

    /// The upper-case digit of `nibble` (0–15), as UTF-8.
    private static func digit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
