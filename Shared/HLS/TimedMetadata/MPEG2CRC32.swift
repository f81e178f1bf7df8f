/// CRC-32/MPEG-2 (polynomial 0x04C11DB7, no reflection, initial 0xFFFFFFFF, no final XOR), the
/// checksum of MPEG-2 PSI sections (PAT, PMT) and of SCTE-35 `splice_info_section`s: over a
/// section including its own CRC it is 0.
public enum MPEG2CRC32 {
    /// The checksum of `bytes`.
    public static func checksum<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1 }
        }
        return crc
    }
}
