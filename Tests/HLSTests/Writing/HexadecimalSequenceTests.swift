import HLS
import Testing

/// RFC 8216 §4.2: a hexadecimal-sequence is `0x` and hex digits; the library writes them upper case.
@Suite struct HexadecimalSequenceTests {
    @Test func everyByteIsTwoUpperCaseDigitsAfterThePrefix() {
        #expect(HexadecimalSequence.string([0x00, 0x0F, 0xA0, 0xFF, 0x7C]) == "0x000FA0FF7C")
        #expect(HexadecimalSequence.string(Array(0..<16)) == "0x000102030405060708090A0B0C0D0E0F")
    }

    @Test func noBytesIsThePrefixAlone() {
        #expect(HexadecimalSequence.string([]) == "0x")
    }
}
