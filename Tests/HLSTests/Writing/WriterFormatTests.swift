import HLS
import Testing

@Suite("Writer output")
struct WriterFormatTests {
    @Test("a live window is written in the canonical form")
    func liveText() {
        var playlist = PlaylistFixtures.liveWindow(first: 100, count: 2, loop: 101)
        playlist.segments[1].dateRanges = [
            DateRange(
                id: "ad", rangeClass: "com.redbee.ad", startDate: playlist.segments[1].programDateTime!,
                plannedDuration: .seconds(30), scte35Out: [0xFC, 0x0A], endOnNext: false,
                clientAttributes: [
                    ClientAttribute(name: "X-AD-ID", value: .string("42")),
                    ClientAttribute(name: "X-SCORE", value: .number(0.25))
                ])
        ]
        #expect(
            HLSWriter.string(playlist) == """
                #EXTM3U
                #EXT-X-VERSION:6
                #EXT-X-TARGETDURATION:6
                #EXT-X-MEDIA-SEQUENCE:100
                #EXT-X-DISCONTINUITY-SEQUENCE:1
                #EXT-X-INDEPENDENT-SEGMENTS
                #EXT-X-PROGRAM-DATE-TIME:2024-03-01T12:10:00.000Z
                #EXTINF:6.000,
                seg-100.ts
                #EXT-X-DISCONTINUITY
                #EXT-X-PROGRAM-DATE-TIME:2024-03-01T12:10:06.000Z
                #EXT-X-DATERANGE:ID="ad",CLASS="com.redbee.ad",START-DATE="2024-03-01T12:10:06.000Z",PLANNED-DURATION=30.000,X-AD-ID="42",X-SCORE=0.25,SCTE35-OUT=0xFC0A
                #EXTINF:6.000,
                seg-101.ts

                """)
    }

    @Test("a delta update: SERVER-CONTROL in the header, SKIP after the header tags, then the listed segments")
    func deltaUpdateText() {
        var full = PlaylistFixtures.liveWindow(first: 100, count: 3)
        full.serverControl = ServerControl(canSkipUntil: .seconds(36), canSkipDateRanges: true, canBlockReload: false)
        full.headerTags = ["#EXT-X-MAP:URI=\"init.mp4\""]
        var delta = PlaylistFixtures.deltaUpdate(of: full, skipping: 2)
        delta.version = 10
        delta.skipped?.recentlyRemovedDateRangeIDs = ["a", "b"]
        #expect(
            HLSWriter.string(delta) == """
                #EXTM3U
                #EXT-X-VERSION:10
                #EXT-X-TARGETDURATION:6
                #EXT-X-MEDIA-SEQUENCE:100
                #EXT-X-DISCONTINUITY-SEQUENCE:0
                #EXT-X-INDEPENDENT-SEGMENTS
                #EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=36.000,CAN-SKIP-DATERANGES=YES,CAN-BLOCK-RELOAD=NO
                #EXT-X-MAP:URI="init.mp4"
                #EXT-X-SKIP:SKIPPED-SEGMENTS=2,RECENTLY-REMOVED-DATERANGES="a\tb"
                #EXT-X-PROGRAM-DATE-TIME:2024-03-01T12:10:12.000Z
                #EXTINF:6.000,
                seg-102.ts

                """)
    }

    @Test("a variant and its renditions are written with RFC spellings")
    func masterText() {
        let playlist = MasterPlaylist(
            renditions: [
                Rendition(
                    type: .closedCaptions, groupID: "cc", name: "CC", language: "en", isDefault: true,
                    autoselect: true, instreamID: "CC1")
            ],
            variants: [
                VariantStream(
                    uri: "v.m3u8", bandwidth: 1000, averageBandwidth: 900, codecs: "avc1.4d401e",
                    resolution: Resolution(width: 640, height: 360), frameRate: 29.97,
                    closedCaptions: VariantStream.ClosedCaptions.none)
            ])
        #expect(
            HLSWriter.string(playlist) == """
                #EXTM3U
                #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="CC",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,INSTREAM-ID="CC1"
                #EXT-X-STREAM-INF:BANDWIDTH=1000,AVERAGE-BANDWIDTH=900,CODECS="avc1.4d401e",RESOLUTION=640x360,FRAME-RATE=29.970,CLOSED-CAPTIONS=NONE
                v.m3u8

                """)
    }

    @Test(
        "decimal client attributes never use exponent notation",
        arguments: [
            (1e-7, "0.0000001"), (123456789.5, "123456789.5"), (-2.0, "-2"), (1e20, "100000000000000000000")
        ])
    func decimals(value: Double, text: String) {
        let range = DateRange(
            id: "x", startDate: PlaylistFixtures.epoch, clientAttributes: [ClientAttribute(name: "X-N", value: .number(value))])
        #expect(HLSWriter.tagLine(range).hasSuffix(",X-N=\(text)"))
    }
}
