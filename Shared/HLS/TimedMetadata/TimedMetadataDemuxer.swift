import Foundation

/// Reads the timed ID3 metadata of an MPEG-2 transport-stream segment: the PMT's elementary
/// streams of `stream_type` 0x15, each PES packet on them an ID3 tag at its PTS.
public enum TimedMetadataDemuxer {
    /// The segment's tags in stream order; empty when it carries none or is no transport stream
    /// (an encrypted or fragmented-MP4 segment).
    public static func tags(in segment: Data) -> [TimedID3Tag] {
        // Most segments carry no metadata stream, as their PMT says, which muxers write in the first
        // packets: the segment is copied and walked whole only when the PMT there lists one (or is
        // not there). A segment with a broken packet further on has no tags either way.
        let leading = [UInt8](segment.prefix(leadingPackets * TransportStream.packetSize))
        if let packets = TransportStream.packets(leading), let streams = streams(in: packets, of: leading),
            !streams.contains(where: { $0.type == TransportStream.metadataStreamType })
        {
            return []
        }
        let bytes = [UInt8](segment)
        guard let packets = TransportStream.packets(bytes), let streams = streams(in: packets, of: bytes) else { return [] }
        let metadata = Set(streams.filter { $0.type == TransportStream.metadataStreamType }.map(\.pid))
        guard !metadata.isEmpty,
            let firstPTS = TransportStream.earliestPTS(of: Set(streams.map(\.pid)).subtracting(metadata), in: packets, bytes: bytes)
        else { return [] }
        var tags: [TimedID3Tag] = []
        var open: [Int: [UInt8]] = [:]
        func finish(_ pid: Int) {
            guard let pes = open.removeValue(forKey: pid), let tag = tag(pes: pes, firstPTS: firstPTS) else { return }
            tags.append(tag)
        }
        for packet in packets where metadata.contains(packet.pid) {
            guard let start = packet.payloadStart else { continue }
            if packet.payloadUnitStart {
                finish(packet.pid)
                open[packet.pid] = []
            }
            open[packet.pid]? += bytes[start..<packet.end]
        }
        for pid in open.keys.sorted() { finish(pid) }
        return tags
    }

    /// The packets at a segment's start that are read for its PMT before the rest is.
    private static let leadingPackets = 4

    /// The elementary streams of the first program, from the first PAT of `packets` and the first
    /// well-formed section on its PMT's PID; nil when either is missing.
    private static func streams(in packets: [TransportStream.Packet], of bytes: [UInt8]) -> [(type: UInt8, pid: Int)]? {
        guard let pat = packets.first(where: { $0.pid == 0 }).flatMap({ TransportStream.section(in: $0, of: bytes) }),
            let pmtPID = TransportStream.pmtPID(pat: bytes[pat]),
            let pmt = packets.lazy.filter({ $0.pid == pmtPID }).compactMap({ TransportStream.section(in: $0, of: bytes) }).first
        else { return nil }
        return TransportStream.streams(pmt: bytes[pmt])
    }

    /// The tag of one PES packet: its PTS against the segment's first, its ID3 payload.
    private static func tag(pes: [UInt8], firstPTS: Int64) -> TimedID3Tag? {
        guard pes.count >= 9, let pts = TransportStream.pts(pesAt: 0, in: pes, before: pes.count) else { return nil }
        let payloadStart = 9 + Int(pes[8])
        let declared = Int(pes[4]) << 8 | Int(pes[5])
        let payloadEnd = declared == 0 ? pes.count : min(pes.count, 6 + declared)
        guard payloadStart <= payloadEnd, let frames = ID3Tag.frames(in: Data(pes[payloadStart..<payloadEnd])) else { return nil }
        // PTS wraps at 2^33: the difference is taken modulo, as a player would.
        var ticks = (pts - firstPTS) & 0x1_FFFF_FFFF
        if ticks >= 0x1_0000_0000 { ticks -= 0x2_0000_0000 }
        return TimedID3Tag(offset: TransportStream.duration(ticks: ticks), frames: frames)
    }
}
