import Foundation

/// The parts of an MPEG-2 transport stream (ISO/IEC 13818-1) that timed metadata needs:
/// 188-byte packets, the PAT and PMT sections, PES headers' PTS, and the sections' CRC.
package enum TransportStream {
    package static let packetSize = 188
    package static let syncByte: UInt8 = 0x47
    /// `stream_type` of metadata carried in PES packets (Table 2-34).
    package static let metadataStreamType: UInt8 = 0x15
    /// `stream_id` of private_stream_1, which timed ID3 PES packets use.
    package static let privateStream1: UInt8 = 0xBD

    /// One packet's header fields and where its payload starts.
    package struct Packet {
        package let offset: Int
        package let pid: Int
        package let payloadUnitStart: Bool
        /// Where the payload starts in the stream's bytes; nil when the packet carries none.
        package let payloadStart: Int?
        package var end: Int { offset + packetSize }
    }

    /// The packets of `bytes`; nil when it is not a whole number of packets each starting with 0x47.
    package static func packets(_ bytes: [UInt8]) -> [Packet]? {
        guard !bytes.isEmpty, bytes.count % packetSize == 0 else { return nil }
        var packets: [Packet] = []
        packets.reserveCapacity(bytes.count / packetSize)
        for offset in stride(from: 0, to: bytes.count, by: packetSize) {
            guard bytes[offset] == syncByte else { return nil }
            let pid = Int(bytes[offset + 1] & 0x1F) << 8 | Int(bytes[offset + 2])
            let control = bytes[offset + 3] >> 4 & 0x3
            var start: Int? = nil
            if control & 0x1 != 0 {
                let skip = control & 0x2 != 0 ? 1 + Int(bytes[offset + 4]) : 0
                if 4 + skip < packetSize { start = offset + 4 + skip }
            }
            packets.append(Packet(offset: offset, pid: pid, payloadUnitStart: bytes[offset + 1] & 0x40 != 0, payloadStart: start))
        }
        return packets
    }

    /// The PSI section starting in `packet` (a PAT or PMT that fits one packet, as muxers write
    /// them): from `table_id` to the CRC, checked; nil otherwise.
    package static func section(in packet: Packet, of bytes: [UInt8]) -> Range<Int>? {
        guard packet.payloadUnitStart, let start = packet.payloadStart else { return nil }
        let table = start + 1 + Int(bytes[start])
        guard table + 3 <= packet.end else { return nil }
        let length = Int(bytes[table + 1] & 0x0F) << 8 | Int(bytes[table + 2])
        guard length >= 9, table + 3 + length <= packet.end, MPEG2CRC32.checksum(bytes[table..<table + 3 + length]) == 0 else {
            return nil
        }
        return table..<table + 3 + length
    }

    /// The PMT's PID of the first program in a PAT section.
    package static func pmtPID(pat section: ArraySlice<UInt8>) -> Int? {
        let base = section.startIndex
        var entry = base + 8
        while entry + 4 <= section.endIndex - 4 {
            let program = Int(section[entry]) << 8 | Int(section[entry + 1])
            if program != 0 { return Int(section[entry + 2] & 0x1F) << 8 | Int(section[entry + 3]) }
            entry += 4
        }
        return nil
    }

    /// A PMT section's elementary streams: each one's `stream_type` and PID.
    package static func streams(pmt section: ArraySlice<UInt8>) -> [(type: UInt8, pid: Int)] {
        let base = section.startIndex
        let programInfoLength = Int(section[base + 10] & 0x0F) << 8 | Int(section[base + 11])
        var entry = base + 12 + programInfoLength
        var streams: [(UInt8, Int)] = []
        while entry + 5 <= section.endIndex - 4 {
            let pid = Int(section[entry + 1] & 0x1F) << 8 | Int(section[entry + 2])
            streams.append((section[entry], pid))
            entry += 5 + (Int(section[entry + 3] & 0x0F) << 8 | Int(section[entry + 4]))
        }
        return streams
    }

    /// The PTS of the PES packet whose header starts at `start`, in 90-kHz ticks; nil without one.
    package static func pts(pesAt start: Int, in bytes: [UInt8], before end: Int) -> Int64? {
        guard start + 14 <= end, bytes[start] == 0, bytes[start + 1] == 0, bytes[start + 2] == 1, bytes[start + 7] & 0x80 != 0
        else { return nil }
        let p = start + 9
        return Int64(bytes[p] >> 1 & 0x07) << 30 | Int64(bytes[p + 1]) << 22 | Int64(bytes[p + 2] >> 1) << 15
            | Int64(bytes[p + 3]) << 7 | Int64(bytes[p + 4] >> 1)
    }

    /// The five bytes of a PTS field with prefix `0010` (PTS only).
    package static func ptsField(_ pts: Int64) -> [UInt8] {
        let value = pts & 0x1_FFFF_FFFF
        return [
            UInt8(0x21 | (value >> 29 & 0x0E)), UInt8(value >> 22 & 0xFF), UInt8(0x01 | (value >> 14 & 0xFE)),
            UInt8(value >> 7 & 0xFF), UInt8(0x01 | (value << 1 & 0xFE))
        ]
    }
}
