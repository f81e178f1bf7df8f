import Clocks
import HLS

/// SCTE-35 `splice_info_section`s with a `splice_insert` command, as carried in the
/// `SCTE35-OUT` / `SCTE35-IN` attributes of an ad break's EXT-X-DATERANGE. Real bytes with a
/// valid CRC, so SCTE-35 decoders read them.
enum SCTE35 {
    /// The cue that leaves the network feed at `instant` for a break of `duration`.
    static func spliceOut(eventId: UInt32, at instant: WallTime, duration: Duration) -> [UInt8] {
        spliceInsert(eventId: eventId, outOfNetwork: true, at: instant, duration: duration)
    }

    /// The cue that returns to the network feed at `instant`, after the break.
    static func spliceIn(eventId: UInt32, at instant: WallTime) -> [UInt8] {
        spliceInsert(eventId: eventId, outOfNetwork: false, at: instant, duration: nil)
    }

    private static func spliceInsert(eventId: UInt32, outOfNetwork: Bool, at instant: WallTime, duration: Duration?) -> [UInt8] {
        var command = BitWriter()
        command.write(UInt64(eventId), bits: 32)
        command.write(0, bits: 1)  // splice_event_cancel_indicator
        command.write(0x7F, bits: 7)  // reserved
        command.write(outOfNetwork ? 1 : 0, bits: 1)
        command.write(1, bits: 1)  // program_splice_flag
        command.write(duration == nil ? 0 : 1, bits: 1)
        command.write(0, bits: 1)  // splice_immediate_flag
        command.write(0xF, bits: 4)  // event_id_compliance_flag + reserved
        command.write(1, bits: 1)  // splice_time: time_specified_flag
        command.write(0x3F, bits: 6)
        command.write(ticks(instant - platformEpoch), bits: 33)
        if let duration {
            command.write(1, bits: 1)  // break_duration: auto_return
            command.write(0x3F, bits: 6)
            command.write(ticks(duration), bits: 33)
        }
        command.write(0, bits: 16)  // unique_program_id
        command.write(0, bits: 8)  // avail_num
        command.write(0, bits: 8)  // avails_expected

        var section = BitWriter()
        let commandBytes = command.bytes
        // Everything after section_length: 11 fixed bytes, the command, 2 bytes of descriptor
        // loop length, 4 bytes of CRC.
        let sectionLength = 11 + commandBytes.count + 2 + 4
        section.write(0xFC, bits: 8)  // table_id
        section.write(0, bits: 1)  // section_syntax_indicator
        section.write(0, bits: 1)  // private_indicator
        section.write(3, bits: 2)  // sap_type: unspecified
        section.write(UInt64(sectionLength), bits: 12)
        section.write(0, bits: 8)  // protocol_version
        section.write(0, bits: 1)  // encrypted_packet
        section.write(0, bits: 6)  // encryption_algorithm
        section.write(0, bits: 33)  // pts_adjustment
        section.write(0, bits: 8)  // cw_index
        section.write(0xFFF, bits: 12)  // tier
        section.write(UInt64(commandBytes.count), bits: 12)
        section.write(0x05, bits: 8)  // splice_command_type: splice_insert
        var bytes = section.bytes + commandBytes + [0, 0]
        let crc = MPEG2CRC32.checksum(bytes)
        bytes += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return bytes
    }

    /// A duration (an instant: its time since 1970), in whole milliseconds, as 90 kHz ticks wrapped
    /// to 33 bits. The PTS is a count modulo 2³³, and the wrapping product is exact modulo 2⁶⁴, so
    /// any instant, negative or huge, wraps as it should.
    static func ticks(_ duration: Duration) -> UInt64 { UInt64(bitPattern: duration.wholeMilliseconds &* 90) & 0x1_FFFF_FFFF }
}

/// Packs big-endian bit fields into bytes.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    mutating func write(_ value: UInt64, bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            if bitCount % 8 == 0 { bytes.append(0) }
            if (value >> UInt64(shift)) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(bitCount % 8) }
            bitCount += 1
        }
    }
}
