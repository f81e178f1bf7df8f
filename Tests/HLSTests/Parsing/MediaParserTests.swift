import Foundation
import HLS
import Testing

@Suite("Media playlist parser")
struct MediaParserTests {
    static let handwritten = """
        #EXTM3U
        #EXT-X-VERSION:7
        #EXT-X-TARGETDURATION:10
        # a comment the parser drops
        #EXT-X-MEDIA-SEQUENCE:42
        #EXT-X-DISCONTINUITY-SEQUENCE:3
        #EXT-X-PLAYLIST-TYPE:EVENT
        #EXT-X-MAP:URI="init.mp4"
        #EXT-X-PROGRAM-DATE-TIME:2024-03-01T13:00:00.250+01:00
        #EXT-X-DATERANGE:ID="p1",CLASS="com.redbee.program",START-DATE="2024-03-01T12:00:00Z",END-DATE="2024-03-01T12:30:00.000Z",DURATION=1800,X-PROGRAM-ID="abc",X-RATING=0x0A0b,X-SCORE=-3.5,CUE="PRE",SCTE35-CMD=0xFC00
        #EXTINF:9.009,Title, with comma
        a.ts

        #EXT-X-DISCONTINUITY
        #EXT-X-BYTERANGE:1000@200
        #EXT-X-GAP
        #EXT-X-CUSTOM-THING:42
        #EXTINF:4
        https://cdn.example.com/b.ts?token=1
        """

    @Test("reads every modelled tag")
    func readsTags() throws {
        let playlist = try HLSParser.parseMedia(Self.handwritten)
        #expect(playlist.version == 7)
        #expect(playlist.targetDuration == 10)
        #expect(playlist.mediaSequence == 42)
        #expect(playlist.discontinuitySequence == 3)
        #expect(playlist.playlistType == .event)
        #expect(playlist.headerTags == ["#EXT-X-MAP:URI=\"init.mp4\""])
        #expect(!playlist.endList)
        #expect(playlist.segments.count == 2)

        let first = playlist.segments[0]
        #expect(first.uri == "a.ts")
        #expect(first.duration == .milliseconds(9009))
        #expect(first.title == "Title, with comma")
        #expect(first.programDateTime == HLSDate(millisecondsSince1970: 1_709_294_400_250))
        let range = try #require(first.dateRanges.first)
        #expect(range.id == "p1")
        #expect(range.rangeClass == "com.redbee.program")
        #expect(range.startDate == PlaylistFixtures.epoch)
        #expect(range.endDate == PlaylistFixtures.epoch.adding(.seconds(1800)))
        #expect(range.duration == .seconds(1800))
        #expect(range[client: "X-PROGRAM-ID"] == .string("abc"))
        #expect(range[client: "X-RATING"] == .hex([0x0A, 0x0B]))
        #expect(range[client: "X-SCORE"] == .number(-3.5))
        #expect(range.scte35Command == [0xFC, 0x00])
        #expect(range.otherAttributes == [HLSAttribute(name: "CUE", value: "PRE", isQuoted: true)])

        let second = playlist.segments[1]
        #expect(second.discontinuity)
        #expect(second.byteRange == ByteRange(length: 1000, offset: 200))
        #expect(second.gap)
        #expect(second.otherTags == ["#EXT-X-CUSTOM-THING:42"])
        #expect(second.duration == .seconds(4))
        #expect(second.title == "")
        #expect(second.uri == "https://cdn.example.com/b.ts?token=1")
    }

    @Test("CRLF, a byte-order mark, trailing blanks and a missing final newline change nothing")
    func tolerance() throws {
        let expected = try HLSParser.parseMedia(Self.handwritten)
        let crlf = Self.handwritten.replacingOccurrences(of: "\n", with: "\r\n")
        #expect(try HLSParser.parseMedia(crlf) == expected)
        #expect(try HLSParser.parseMedia([0xEF, 0xBB, 0xBF] + Array(Self.handwritten.utf8)) == expected)
        #expect(try HLSParser.parseMedia(Self.handwritten + "\n\n") == expected)
        #expect(try HLSParser.parseMedia(Self.handwritten.replacingOccurrences(of: "a.ts\n", with: "a.ts  \t\n")) == expected)
        #expect(try HLSParser.parseMedia(Data(Self.handwritten.utf8)) == expected)
    }

    @Test("the source map points at the lines")
    func sourceMap() throws {
        let (_, map) = try HLSParser.parseMediaWithSourceMap(Self.handwritten.utf8)
        #expect(map.segmentLines == [11, 18])
        #expect(map.dateRangeLines == [10])
        #expect(map.firstSegmentLine == 9)
        #expect(map.mediaSequenceLine == 5)
        #expect(map.discontinuitySequenceLine == 6)
        #expect(map.firstDiscontinuityLine == 14)
        #expect(map.playlistTypeLine == 7)
        #expect(map.programDateTimeLinesLackingMillisecondsOrZone.isEmpty)
    }

    @Test("segment dates are carried forward and back from PROGRAM-DATE-TIME")
    func segmentDates() throws {
        var playlist = PlaylistFixtures.liveWindow(first: 0, count: 4)
        playlist.segments[0].programDateTime = nil
        playlist.segments[1].programDateTime = nil
        playlist.segments[3].programDateTime = nil
        let dates = playlist.segmentStartDates()
        #expect(dates == [0, 6, 12, 18].map { Optional(PlaylistFixtures.epoch.adding(.seconds($0))) })
        #expect(playlist.dateSpan() == PlaylistFixtures.epoch..<PlaylistFixtures.epoch.adding(.seconds(24)))
        #expect(MediaPlaylist(targetDuration: 6, segments: [MediaSegment(uri: "a", duration: .seconds(1))]).dateSpan() == nil)
    }
}
