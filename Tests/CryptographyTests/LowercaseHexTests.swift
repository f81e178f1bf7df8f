import Cryptography
import Testing

@Suite struct LowercaseHexTests {
    @Test func everyByteIsTwoLowerCaseDigits() {
        #expect(LowercaseHex.string([0x00, 0x0F, 0xA0, 0xFF, 0x7C]) == "000fa0ff7c")
        #expect(LowercaseHex.string((0...255).map(UInt8.init)).count == 512)
        #expect(LowercaseHex.string([]) == "")
    }

    @Test func aSliceIsWrittenFromItsOwnStart() {
        let bytes: [UInt8] = [0xDE, 0xAD, 0xBE, 0xEF]
        #expect(LowercaseHex.string(bytes[2...]) == "beef")
    }
}
