import Foundation

/// Adds timed ID3 metadata to an MPEG-2 transport-stream segment as Apple's "Timed Metadata for
/// HTTP Live Streaming" lays it out: the PMT gains a `metadata_pointer_descriptor` (tag 0x25) in
/// its program info and an elementary stream of `stream_type` 0x15 with a `metadata_descriptor`
/// (tag 0x26), both naming the format `ID3 `; each tag is one PES packet on that stream
/// (`stream_id` 0xBD, data aligned) whose PTS is the segment's first media PTS plus its offset.
public enum TimedMetadataMuxer {
    /// `segment` carrying `tags`; nil when it is not a transport stream this can rewrite (no
    /// PAT/PMT in one packet each, a PMT with no room, metadata already there, no timestamps).
    public static func segment(_ segment: Data, carrying tags: [TimedID3Tag]) -> Data? {
        let bytes = [UInt8](segment)
        guard !tags.isEmpty, let packets = TransportStream.packets(bytes),
            let pat = packets.first(where: { $0.pid == 0 }).flatMap({ TransportStream.section(in: $0, of: bytes) }),
            let pmtPID = TransportStream.pmtPID(pat: bytes[pat]),
            let pmtPacket = packets.first(where: { $0.pid == pmtPID && TransportStream.section(in: $0, of: bytes) != nil }),
            let pmt = TransportStream.section(in: pmtPacket, of: bytes)
        else { return nil }
        let streams = TransportStream.streams(pmt: bytes[pmt])
        guard !streams.contains(where: { $0.type == TransportStream.metadataStreamType }),
            let firstPTS = TransportStream.earliestPTS(of: Set(streams.map(\.pid)), in: packets, bytes: bytes)
        else { return nil }
        let metadataPID = (streams.map(\.pid).max() ?? 0x100) + 1
        guard metadataPID < 0x1FFF, let pmtBytes = packet(pmtPID, section: rewritten(pmt: Array(bytes[pmt]), adding: metadataPID))
        else { return nil }
        var continuity = 0
        var pes: [UInt8] = []
        for tag in tags {
            let tagPackets = packetized(
                pesPacket(pts: firstPTS + TransportStream.ticks(tag.offset), payload: [UInt8](ID3Tag.bytes(tag.frames))),
                pid: metadataPID, continuity: &continuity)
            pes += tagPackets
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + pes.count)
        for packet in packets {
            if packet.pid == pmtPID, TransportStream.section(in: packet, of: bytes) != nil {
                // The continuity counter stays the original packet's.
                out += pmtBytes.prefix(3) + [pmtBytes[3] & 0xF0 | bytes[packet.offset + 3] & 0x0F] + pmtBytes.dropFirst(4)
            } else {
                out += bytes[packet.offset..<packet.end]
            }
            if packet.offset == pmtPacket.offset { out += pes }
        }
        return Data(out)
    }

    /// `stream_type` 0x15 PES metadata for the `ID3 ` format: the application format and the
    /// format are both 0xFFFF/0xFF followed by the registered identifier, service id 0.
    private static let formatFields: [UInt8] = [0xFF, 0xFF] + Array("ID3 ".utf8) + [0xFF] + Array("ID3 ".utf8) + [0x00]

    /// The PMT section with the pointer descriptor in its program info and the metadata stream
    /// last in its loop; a new CRC.
    private static func rewritten(pmt section: [UInt8], adding pid: Int) -> [UInt8] {
        let programNumber = Array(section[3...4])
        let programInfoLength = Int(section[10] & 0x0F) << 8 | Int(section[11])
        // Locator flag 0, carriage flags 00 (same transport stream), reserved bits set; then the program.
        let pointer: [UInt8] = [0x25, UInt8(formatFields.count + 3)] + formatFields + [0x1F] + programNumber
        // No decoder configuration, no DSM-CC, reserved bits set.
        let descriptor: [UInt8] = [0x26, UInt8(formatFields.count + 1)] + formatFields + [0x0F]
        let entry: [UInt8] =
            [TransportStream.metadataStreamType, UInt8(0xE0 | pid >> 8), UInt8(pid & 0xFF), 0xF0, UInt8(descriptor.count)] + descriptor
        let newInfoLength = programInfoLength + pointer.count
        var body = Array(section[3..<10]) + [UInt8(0xF0 | newInfoLength >> 8), UInt8(newInfoLength & 0xFF)]
        body += section[12..<12 + programInfoLength] + pointer
        body += section[(12 + programInfoLength)..<(section.count - 4)] + entry
        let length = body.count + 4
        var out = [section[0], section[1] & 0xF0 | UInt8(length >> 8), UInt8(length & 0xFF)] + body
        let crc = MPEG2CRC32.checksum(out)
        out += [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        return out
    }

    /// One packet carrying a whole PSI section (pointer field 0, stuffed with 0xFF); nil when it does not fit.
    private static func packet(_ pid: Int, section: [UInt8]) -> [UInt8]? {
        guard section.count <= TransportStream.packetSize - 5 else { return nil }
        let packet = [TransportStream.syncByte, UInt8(0x40 | pid >> 8), UInt8(pid & 0xFF), 0x10, 0x00] + section
        return packet + Array(repeating: 0xFF, count: TransportStream.packetSize - packet.count)
    }

    /// A private_stream_1 PES packet, data aligned, with a PTS.
    private static func pesPacket(pts: Int64, payload: [UInt8]) -> [UInt8] {
        let length = 3 + 5 + payload.count
        return [0x00, 0x00, 0x01, TransportStream.privateStream1, UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF), 0x84, 0x80, 0x05]
            + TransportStream.ptsField(pts) + payload
    }

    /// `pes` cut into packets on `pid`, the last one filled out by adaptation-field stuffing.
    private static func packetized(_ pes: [UInt8], pid: Int, continuity: inout Int) -> [UInt8] {
        var out: [UInt8] = []
        var offset = 0
        while offset < pes.count {
            let start: UInt8 = offset == 0 ? 0x40 : 0x00
            let chunk = min(184, pes.count - offset)
            let counter = UInt8(continuity & 0x0F)
            continuity += 1
            if chunk == 184 {
                out += [TransportStream.syncByte, start | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x10 | counter]
            } else {
                // Adaptation field of 183 − chunk bytes after its length byte: flags 0, then stuffing.
                let fieldLength = 183 - chunk
                out += [TransportStream.syncByte, start | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x30 | counter, UInt8(fieldLength)]
                if fieldLength > 0 { out += [0x00] + Array(repeating: 0xFF, count: fieldLength - 1) }
            }
            out += pes[offset..<offset + chunk]
            offset += chunk
        }
        return out
    }
}
