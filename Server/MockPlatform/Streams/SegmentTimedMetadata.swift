import Clocks
import Foundation
import HLS
import HTTPServer

/// The ID3 timed metadata a live channel's video segments carry, as real channels do: at each
/// program's start and each ad break's start (the points its EXT-X-DATERANGE tags announce),
/// the segment where it falls gains an ID3 tag (`TimedMetadataMuxer`) with a `PRIV` frame naming
/// what starts and a `TXXX` frame describing it. Worked out per request from the segment URL's
/// `asset` and `seq` (``StreamURLs/segmentQuery(assetId:)``), which the channel's
/// timeline maps to a span of time, so a segment's bytes are the same for every client.
enum SegmentTimedMetadata {
    /// The owner identifier of the `PRIV` frame at a program's start; its data is the program id.
    static let programOwner = "com.redbeemedia.exposure-mock.program"
    /// The owner identifier of the `PRIV` frame at an ad break's start; its data is the break's id.
    static let adBreakOwner = "com.redbeemedia.exposure-mock.adbreak"

    /// The tags of the video segment at `path` requested with `query`; empty for anything else.
    static func tags(path: String, query: QueryParameters, loaded: LoadedCatalog) -> [TimedID3Tag] {
        guard path.hasSuffix(".ts"), path.split(separator: "/").dropLast(2).last == "video", let assetId = query["asset"],
            let sequence = StreamURLs.sequence(query["seq"]), let timeline = loaded.channelTimelines[assetId]
        else { return [] }
        let start = timeline.segment(sequence).start
        let end = start + loaded.catalog.media.segmentDuration
        // No live edge: every range is closed.
        return timeline.dateRanges(from: start, to: end, liveEdge: WallTime(millisecondsSince1970: .max))
            .filter { $0.start >= start && $0.start < end }
            .map { range in TimedID3Tag(offset: range.start - start, frames: frames(announcing: range)) }
    }

    /// A `PRIV` frame naming what starts, a `TXXX` frame describing it.
    static func frames(announcing range: StreamDateRange) -> [ID3Frame] {
        switch range.kind {
        case .program(let programId, _, let title):
            [.priv(owner: programOwner, data: Data(programId.utf8)), .txxx(description: "program", value: title)]
        case .adBreak(let adIds, _):
            [.priv(owner: adBreakOwner, data: Data(range.id.utf8)), .txxx(description: "ads", value: adIds.joined(separator: ","))]
        }
    }
}
