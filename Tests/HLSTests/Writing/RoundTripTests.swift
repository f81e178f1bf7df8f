import HLS
import Testing

@Suite("Writer → parser round trips")
struct RoundTripTests {
    static let mediaPlaylists: [(String, MediaPlaylist)] = [
        ("VOD with discontinuities", PlaylistFixtures.vodWithDiscontinuities()),
        ("live window with PDT and programs", PlaylistFixtures.liveWindow(first: 1234, count: 30, loop: 50, programSegments: 10)),
        ("live window with an ad break", PlaylistFixtures.liveWindowWithAdBreak()),
        ("live window starting on a discontinuity", PlaylistFixtures.liveWindow(first: 100, count: 8, loop: 10)),
        ("empty playlist", MediaPlaylist(targetDuration: 6)),
        ("live window offering delta updates", PlaylistFixtures.liveWindowOfferingDeltaUpdates()),
        ("delta update", PlaylistFixtures.deltaUpdate(of: PlaylistFixtures.liveWindowOfferingDeltaUpdates(), skipping: 12)),
        (
            "every SERVER-CONTROL attribute and a delta update that skips DATERANGEs",
            {
                var playlist = PlaylistFixtures.deltaUpdate(of: PlaylistFixtures.liveWindowOfferingDeltaUpdates(), skipping: 10)
                playlist.version = 10
                playlist.serverControl = ServerControl(
                    canSkipUntil: .seconds(36), canSkipDateRanges: true, holdBack: .milliseconds(18_500),
                    partHoldBack: .milliseconds(1_002),
                    canBlockReload: false, otherAttributes: [HLSAttribute(name: "X-VENDOR", value: "7", isQuoted: false)])
                playlist.skipped = SkippedSegments(
                    count: 10, recentlyRemovedDateRangeIDs: ["ad-1", "program-3"],
                    otherAttributes: [HLSAttribute(name: "X-NOTE", value: "a b", isQuoted: true)])
                playlist.headerTags = ["#EXT-X-MAP:URI=\"init.mp4\""]
                return playlist
            }()
        ),
        (
            "delta update whose removed-DATERANGE list is empty",
            {
                var playlist = PlaylistFixtures.deltaUpdate(of: PlaylistFixtures.liveWindowOfferingDeltaUpdates(), skipping: 3)
                playlist.skipped?.recentlyRemovedDateRangeIDs = []
                return playlist
            }()
        )
    ]

    @Test("media playlists read back equal", arguments: mediaPlaylists)
    func mediaRoundTrip(name: String, playlist: MediaPlaylist) throws {
        let bytes = HLSWriter.bytes(playlist)
        let parsed = try HLSParser.parseMedia(bytes)
        #expect(parsed == playlist)
        #expect(HLSWriter.bytes(parsed) == bytes)
    }

    @Test("trailing DATERANGE and tags after the last segment keep their place")
    func trailingTags() throws {
        var playlist = PlaylistFixtures.liveWindow(count: 6)
        playlist.trailingDateRanges = [DateRange(id: "next", startDate: PlaylistFixtures.epoch.adding(.seconds(10_000)))]
        playlist.trailingTags = ["#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"next.mp4\""]
        #expect(try HLSParser.parseMedia(HLSWriter.bytes(playlist)) == playlist)
    }

    @Test("a master with audio, subtitle and caption groups reads back equal")
    func masterRoundTrip() throws {
        let playlist = PlaylistFixtures.master()
        let text = HLSWriter.string(playlist)
        let parsed = try HLSParser.parseMaster(text)
        #expect(parsed == playlist)
        #expect(HLSWriter.string(parsed) == text)
        #expect(parsed.renditions(ofType: .audio, inGroup: "aac").map(\.name) == ["English", "Svenska"])
    }

    @Test("the generic entry point tells master from media")
    func detectsKind() throws {
        #expect(try HLSParser.parse(HLSWriter.bytes(PlaylistFixtures.master())) == .master(PlaylistFixtures.master()))
        let live = PlaylistFixtures.liveWindow()
        #expect(try HLSParser.parse(HLSWriter.bytes(live)) == .media(live))
    }

    @Test("quoted strings stay valid whatever the model holds")
    func sanitizesQuotedStrings() throws {
        let range = DateRange(id: "a\"b\nc", startDate: PlaylistFixtures.epoch)
        #expect(HLSWriter.tagLine(range) == "#EXT-X-DATERANGE:ID=\"a'b c\",START-DATE=\"2024-03-01T12:00:00.000Z\"")
        var playlist = PlaylistFixtures.liveWindow(count: 1)
        playlist.segments[0].dateRanges = [range]
        #expect(try HLSParser.parseMedia(HLSWriter.bytes(playlist)).segments[0].dateRanges[0].id == "a'b c")
    }
}
