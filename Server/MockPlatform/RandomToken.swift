/// Unguessable identifiers for session tokens and play sessions.
enum RandomToken {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `bytes` random bytes from the system generator, as lowercase hex.
    static func make(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var hex = [UInt8]()
        hex.reserveCapacity(bytes * 2)
        var word: UInt64 = 0
        for index in 0..<bytes {
            if index % 8 == 0 { word = generator.next() }
            let byte = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8)))
            hex.append(hexDigits[Int(byte >> 4)])
            hex.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
