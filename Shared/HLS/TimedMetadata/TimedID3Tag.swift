import Foundation

/// An ID3 tag a transport-stream segment carries as timed metadata (Apple's "Timed Metadata for
/// HTTP Live Streaming"): its frames, and when it applies, from the segment's first media
/// timestamp (the earliest PTS of its audio or video PES packets).
public struct TimedID3Tag: Sendable, Hashable {
    /// How far into the segment the tag applies.
    public var offset: Duration
    /// The tag's frames.
    public var frames: [ID3Frame]

    /// A tag applying `offset` into its segment.
    public init(offset: Duration, frames: [ID3Frame]) {
        self.offset = offset
        self.frames = frames
    }
}

extension TransportStream {
    /// The earliest PTS among the PES packets that start in `packets` on `pids`, in 90-kHz ticks.
    static func earliestPTS(of pids: Set<Int>, in packets: [Packet], bytes: [UInt8]) -> Int64? {
        packets.lazy.filter { $0.payloadUnitStart && pids.contains($0.pid) }
            .compactMap { packet in packet.payloadStart.flatMap { pts(pesAt: $0, in: bytes, before: packet.end) } }
            .min()
    }

    /// 90-kHz ticks as a duration.
    static func duration(ticks: Int64) -> Duration { .microseconds(ticks * 100 / 9) }

    /// A duration in 90-kHz ticks (rounded down).
    static func ticks(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 90_000 + attoseconds / 11_111_111_111_111
    }
}
