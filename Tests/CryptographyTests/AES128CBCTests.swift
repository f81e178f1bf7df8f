import Cryptography
import Foundation
import HLS
import TestSupport
import Testing

@Suite struct AES128CBCTests {
    /// NIST SP 800-38A, F.2.1 and F.2.2 (CBC-AES128): four whole blocks, no padding.
    @Test func nistKnownAnswer() throws {
        let key = bytes("2b7e151628aed2a6abf7158809cf4f3c")
        let iv = bytes("000102030405060708090a0b0c0d0e0f")
        let plaintext = bytes(
            "6bc1bee22e409f96e93d7e117393172a" + "ae2d8a571e03ac9c9eb76fac45af8e51" + "30c81c46a35ce411e5fbc1191a0a52ef"
                + "f69f2445df4f9b17ad2b417be66c3710")
        let ciphertext = bytes(
            "7649abac8119b246cee98e9b12e9197d" + "5086cb9b507219ee95db113a917678b2" + "73bed6b8e3c1743b7116e69e22229516"
                + "3ff1caa1681fac09120eca307586e1a7")
        let cipher = try AES128CBC(key: key, iv: iv, padding: false)
        #expect(try cipher.encrypt(plaintext) == ciphertext)
        #expect(try cipher.decrypt(ciphertext) == plaintext)
    }

    /// PKCS#7: every length round-trips, and the ciphertext is the next whole block (a full
    /// block of padding on whole blocks).
    @Test func roundTripPadsToTheNextBlock() throws {
        let cipher = try AES128CBC(key: Array(0..<16), iv: SegmentKey.sequenceIV(42))
        for length in [0, 1, 15, 16, 17, 188, 1_000] {
            let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let sealed = try cipher.encrypt(plaintext)
            #expect(sealed.count == (length / 16 + 1) * 16, "length \(length)")
            #expect(try cipher.decrypt(sealed) == plaintext, "length \(length)")
        }
    }

    /// The NIST vector's first block is the padded ciphertext's first block too: padding only adds.
    @Test func paddingLeavesWholeBlocksAsTheStandardHasThem() throws {
        let key = bytes("2b7e151628aed2a6abf7158809cf4f3c")
        let iv = bytes("000102030405060708090a0b0c0d0e0f")
        let sealed = try AES128CBC(key: key, iv: iv).encrypt(bytes("6bc1bee22e409f96e93d7e117393172a"))
        #expect(Array(sealed.prefix(16)) == bytes("7649abac8119b246cee98e9b12e9197d"))
        #expect(sealed.count == 32)
    }

    /// The buffer form (the SDK engine's) opens what the array form opens, and wants a block of
    /// room beyond the ciphertext, as libcrypto does.
    @Test func theBufferFormDecryptsAsTheArrayFormDoes() throws {
        let cipher = try AES128CBC(key: Array(0..<16), iv: SegmentKey.sequenceIV(7))
        let plaintext = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let sealed = try cipher.encrypt(plaintext)
        var clear = [UInt8](repeating: 0, count: sealed.count + 16)
        let count = try sealed.withUnsafeBytes { bytes in try clear.withUnsafeMutableBytes { try cipher.decrypt(bytes, into: $0) } }
        #expect(Array(clear.prefix(count)) == plaintext)
        var short = [UInt8](repeating: 0, count: sealed.count)
        #expect(throws: CryptographyError.self) {
            try sealed.withUnsafeBytes { bytes in try short.withUnsafeMutableBytes { try cipher.decrypt(bytes, into: $0) } }
        }
    }

    /// The `Data` forms (the mock's and the engine's) give the array forms' bytes, and refuse
    /// what those refuse.
    @Test func theDataFormsAgreeWithTheArrayForms() throws {
        let cipher = try AES128CBC(key: Array(0..<16), iv: SegmentKey.sequenceIV(9))
        for length in [0, 1, 15, 16, 17, 188, 100_003] {
            let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
            let sealed = try cipher.encrypt(data: Data(plaintext))
            #expect(sealed == Data(try cipher.encrypt(plaintext)), "length \(length)")
            #expect(try cipher.decrypt(data: sealed) == Data(plaintext), "length \(length)")
        }
        let sealed = try cipher.encrypt(data: Data("a secret segment".utf8))
        #expect(throws: CryptographyError.self) { try AES128CBC(key: Array(1...16), iv: SegmentKey.sequenceIV(9)).decrypt(data: sealed) }
        #expect(throws: CryptographyError.self) { try cipher.decrypt(data: sealed.dropLast()) }
    }

    /// libcrypto's reference, the `openssl enc` command, and the adapter agree both ways, byte
    /// for byte, PKCS#7 padding included: openssl opens what the adapter sealed and seals what
    /// the adapter opens (a segment-sized length that is not whole blocks, a sequence-number IV).
    @Test func theOpensslCommandAgreesBothWays() async throws {
        let folder = TemporaryFolder("aes-reference")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let key = (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 11 &+ 3) }
        let iv = SegmentKey.sequenceIV(1_234)
        let plaintext = Data((0..<100_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let sealed = try AES128CBC(key: key, iv: iv).encrypt(data: plaintext)
        let file = { (name: String) in folder.url.appendingPathComponent(name) }
        try plaintext.write(to: file("clear"))
        try sealed.write(to: file("sealed"))
        let hex = { (bytes: [UInt8]) in bytes.map { String(format: "%02x", $0) }.joined() }
        let cipher = ["-aes-128-cbc", "-K", hex(key), "-iv", hex(iv)]
        let openssl = URL(fileURLWithPath: "/usr/bin/openssl")

        let encrypted = try await ChildProcess.run(
            openssl, ["enc"] + cipher + ["-in", file("clear").path, "-out", file("reference").path])
        let decrypted = try await ChildProcess.run(
            openssl, ["enc", "-d"] + cipher + ["-in", file("sealed").path, "-out", file("opened").path])

        #expect(encrypted.status == 0 && decrypted.status == 0, "\(encrypted.errors) \(decrypted.errors)")
        #expect(try Data(contentsOf: file("reference")) == sealed, "openssl seals as the adapter does")
        #expect(try Data(contentsOf: file("opened")) == plaintext, "openssl opens what the adapter sealed")
        #expect(try AES128CBC(key: key, iv: iv).decrypt(data: Data(contentsOf: file("reference"))) == plaintext)
    }

    @Test func theWrongKeyOrDamagedBytesAreAnErrorNotGarbage() throws {
        let sealed = try AES128CBC(key: Array(0..<16), iv: Array(repeating: 0, count: 16)).encrypt(Array("a secret segment".utf8))
        #expect(throws: CryptographyError.self) { try AES128CBC(key: Array(1...16), iv: Array(repeating: 0, count: 16)).decrypt(sealed) }
        #expect(throws: CryptographyError.self) {
            try AES128CBC(key: Array(0..<16), iv: Array(repeating: 0, count: 16)).decrypt(sealed.dropLast())
        }
    }

    @Test func keysAndIVsAreSixteenBytes() {
        #expect(throws: CryptographyError.self) { try AES128CBC(key: Array(0..<15), iv: Array(repeating: 0, count: 16)) }
        #expect(throws: CryptographyError.self) { try AES128CBC(key: Array(0..<16), iv: Array(repeating: 0, count: 8)) }
    }

    /// RFC 4231 test cases 1 and 2.
    @Test func hmacKnownAnswers() {
        #expect(
            HMACSHA256.code(key: Array(repeating: 0x0b, count: 20), message: Array("Hi There".utf8))
                == bytes("b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"))
        #expect(
            HMACSHA256.code(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
                == bytes("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
    }

    private func bytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }
}
