/// Reads a JPEG's pixel size from its start-of-frame marker (SOF0 baseline or SOF2
/// progressive; other SOFn too), walking the marker segments from SOI.
enum JPEGSize {
    struct NotAJPEG: Error, CustomStringConvertible {
        let description: String
    }

    static func of(_ bytes: [UInt8]) throws -> (width: Int, height: Int) {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { throw NotAJPEG(description: "no SOI marker") }
        var offset = 2
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { throw NotAJPEG(description: "expected a marker at byte \(offset)") }
            let marker = bytes[offset + 1]
            if marker == 0xFF {
                offset += 1
                continue
            }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            // SOF0…SOF15 except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard offset + 9 <= bytes.count else { break }
                let height = Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6])
                let width = Int(bytes[offset + 7]) << 8 | Int(bytes[offset + 8])
                return (width, height)
            }
            if marker == 0xDA || marker == 0xD9 { break }  // scan data or end before any SOF
            offset += 2 + length
        }
        throw NotAJPEG(description: "no SOF marker")
    }
}
