import Foundation
import HLS
import Testing

/// ID3 tags as timed metadata in MPEG-2 transport-stream segments: written into a committed
/// fixture segment and read back.
@Suite struct TimedMetadataTests {
    /// A 2-s, 360p video segment of the reel, as `scripts/make-media` committed it.
    static let segment: Data = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? Data(contentsOf: root.appendingPathComponent("Fixtures/media/reel/video/360p/seg-000.ts"))) ?? Data()
    }()

    static let frames: [ID3Frame] = [
        .priv(owner: "com.example.owner", data: Data("news_1".utf8)), .txxx(description: "program", value: "Nyheter på svenska")
    ]

    @Test func anID3TagReadsBackAsWritten() {
        let bytes = ID3Tag.bytes(Self.frames)
        #expect(Array(bytes.prefix(5)) == [0x49, 0x44, 0x33, 4, 0])
        #expect(ID3Tag.frames(in: bytes) == Self.frames)
        #expect(Self.frames.map(\.owner) == ["com.example.owner", "program"])
        #expect(Self.frames.map(\.value) == ["news_1", "Nyheter på svenska"])
        // Cut short, or not ID3 at all.
        #expect(ID3Tag.frames(in: bytes.dropLast(3)) == nil)
        #expect(ID3Tag.frames(in: Data("ID4".utf8) + bytes.dropFirst(3)) == nil)
    }

    @Test func tagsMuxedIntoASegmentAreDemuxedAtTheirOffsets() throws {
        #expect(!Self.segment.isEmpty)
        #expect(TimedMetadataDemuxer.tags(in: Self.segment).isEmpty)
        // One small tag, and one over several packets (a long value), the second a second in.
        let long = [ID3Frame.txxx(description: "ads", value: String(repeating: "ad-1,", count: 90))]
        let tags = [TimedID3Tag(offset: .zero, frames: Self.frames), TimedID3Tag(offset: .seconds(1), frames: long)]
        let muxed = try #require(TimedMetadataMuxer.segment(Self.segment, carrying: tags))
        #expect(muxed.count > Self.segment.count && muxed.count % 188 == 0)
        #expect(TimedMetadataDemuxer.tags(in: muxed) == tags)
        // Written once: a segment that already carries metadata is not rewritten.
        #expect(TimedMetadataMuxer.segment(muxed, carrying: tags) == nil)
    }

    @Test func everyPMTIsRewrittenWithAValidCRC() throws {
        let muxed = try #require(TimedMetadataMuxer.segment(Self.segment, carrying: [TimedID3Tag(offset: .zero, frames: Self.frames)]))
        let bytes = [UInt8](muxed)
        let packets = try #require(TransportStream.packets(bytes))
        let pat = try #require(packets.first { $0.pid == 0 }.flatMap { TransportStream.section(in: $0, of: bytes) })
        let pmtPID = try #require(TransportStream.pmtPID(pat: bytes[pat]))
        let pmts = packets.filter { $0.pid == pmtPID }
        #expect(!pmts.isEmpty)
        for packet in pmts {
            let section = try #require(TransportStream.section(in: packet, of: bytes), "every PMT reads with its CRC")
            #expect(TransportStream.streams(pmt: bytes[section]).map(\.type).last == TransportStream.metadataStreamType)
        }
    }

    @Test func anythingButATransportStreamIsLeftAlone() {
        #expect(TimedMetadataMuxer.segment(Data("not a segment".utf8), carrying: [TimedID3Tag(offset: .zero, frames: Self.frames)]) == nil)
        #expect(TimedMetadataMuxer.segment(Self.segment, carrying: []) == nil)
        #expect(TimedMetadataDemuxer.tags(in: Data(repeating: 0x47, count: 188 * 3)).isEmpty)
        #expect(TimedMetadataDemuxer.tags(in: Data()).isEmpty)
    }
}
