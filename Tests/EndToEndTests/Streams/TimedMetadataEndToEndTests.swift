import Clocks
import Foundation
import HLS
import MockPlatform
import TestSupport
import Testing

/// A live channel's video segment where a program starts carries the program as ID3 timed
/// metadata, over HTTP, and ffprobe reads the segment with its timed-metadata stream.
@Suite(.onItsOwnQueue) struct TimedMetadataEndToEndTests {
    @Test func theSegmentWhereAProgramStartsCarriesItsID3Tag() async throws {
        let mock = try StreamPlatform(nowMs: StreamPlatform.noon + 60_000)
        let master = try await mock.streamURL("news-24")
        let playlistURL = master.deletingLastPathComponent().appendingPathComponent("video/360p.m3u8")
        let playlist = try HLSParser.parseMedia(Array(try await HTTP.get(playlistURL).body))
        let index = try #require(playlist.segments.firstIndex { $0.programDateTime?.millisecondsSince1970 == StreamPlatform.noon })
        let program = try #require(
            mock.platform.context.catalog.schedules["news-24"]?.program(at: WallTime(millisecondsSince1970: StreamPlatform.noon)))
        let url = try #require(HLSURI.resolve(playlist.segments[index].uri, against: playlistURL))
        let response = try await HTTP.get(url)
        #expect(response.status == 200)
        #expect(
            TimedMetadataDemuxer.tags(in: response.body) == [
                TimedID3Tag(
                    offset: .zero,
                    frames: [
                        .priv(owner: "com.redbeemedia.exposure-mock.program", data: Data(program.programId.utf8)),
                        .txxx(description: "program", value: program.slot.title)
                    ])
            ])
        // The next segment starts nothing: it is served as committed.
        let next = try #require(HLSURI.resolve(playlist.segments[index + 1].uri, against: playlistURL))
        #expect(TimedMetadataDemuxer.tags(in: try await HTTP.get(next).body).isEmpty)

        let probe = try await ChildProcess.run(
            try FFprobe.executable(), ["-v", "error", "-show_streams", "-show_packets", "-of", "json", url.absoluteString],
            environment: ["no_proxy": "127.0.0.1"], removing: ["http_proxy"])
        struct Probe: Decodable {
            struct Stream: Decodable {
                let codec_type: String?
                let codec_name: String?
            }
            struct Packet: Decodable { let codec_type: String? }
            let streams: [Stream]
            let packets: [Packet]
        }
        #expect(probe.status == 0 && probe.errors.isEmpty, "ffprobe: \(probe.errors)")
        let read = try JSONDecoder().decode(Probe.self, from: Data(probe.output.utf8))
        #expect(read.streams.map(\.codec_type) == ["video", "data"])
        #expect(read.streams.last?.codec_name == "timed_id3")
        #expect(read.packets.filter { $0.codec_type == "data" }.count == 1)
        #expect(read.packets.filter { $0.codec_type == "video" }.count == 50)
    }
}
