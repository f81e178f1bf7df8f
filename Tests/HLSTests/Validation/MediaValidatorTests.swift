import HLS
import Testing

@Suite("Validator: media playlists")
struct MediaValidatorTests {
    typealias Kind = HLSValidator.MediaPlaylistKind

    static func model(_ kind: Kind, _ playlist: MediaPlaylist) -> @Sendable () -> [HLSViolation] {
        { HLSValidator.validate(media: playlist, kind: kind) }
    }

    static func text(_ kind: Kind, _ text: String) -> @Sendable () -> [HLSViolation] {
        { HLSValidator.validate(mediaText: text.utf8, kind: kind) }
    }

    static let cases: [ViolationCase] = [
        ViolationCase(
            rule: .targetDurationPresent, situation: "no EXT-X-TARGETDURATION",
            validate: text(.live, "#EXTM3U\n" + PlaylistText.segments(6))),
        ViolationCase(
            rule: .targetDurationCoversSegments, situation: "a 6.5 s segment under target 6", line: 7,
            validate: text(
                .live, PlaylistText.live(PlaylistText.segments(1) + "#EXTINF:6.500,\nlong.ts\n" + PlaylistText.segments(5, from: 2)))),
        ViolationCase(
            rule: .mediaSequencePosition, situation: "MEDIA-SEQUENCE after the first segment", line: 6,
            validate: text(
                .live,
                "#EXTM3U\n#EXT-X-TARGETDURATION:6\n" + PlaylistText.segments(1) + "#EXT-X-MEDIA-SEQUENCE:0\n"
                    + PlaylistText.segments(5, from: 1))),
        ViolationCase(
            rule: .discontinuitySequencePosition, situation: "DISCONTINUITY-SEQUENCE after the first segment", line: 7,
            validate: text(
                .live, PlaylistText.live(PlaylistText.segments(1) + "#EXT-X-DISCONTINUITY-SEQUENCE:2\n" + PlaylistText.segments(5, from: 1))
            )),
        ViolationCase(
            rule: .discontinuitySequencePosition, situation: "DISCONTINUITY-SEQUENCE after a DISCONTINUITY that opens the playlist",
            line: 5,
            validate: text(.live, PlaylistText.live("#EXT-X-DISCONTINUITY\n#EXT-X-DISCONTINUITY-SEQUENCE:2\n" + PlaylistText.segments(6)))),
        ViolationCase(
            rule: .programDateTimeFormat, situation: "PROGRAM-DATE-TIME without milliseconds", line: 4,
            validate: text(
                .live,
                PlaylistText.live("#EXT-X-PROGRAM-DATE-TIME:2024-03-01T12:00:00Z\n#EXTINF:6,\na.ts\n" + PlaylistText.segments(5, from: 1)))),
        ViolationCase(
            rule: .programDateTimeFormat, situation: "PROGRAM-DATE-TIME without a zone", line: 4,
            validate: text(
                .live,
                PlaylistText.live(
                    "#EXT-X-PROGRAM-DATE-TIME:2024-03-01T12:00:00.000\n#EXTINF:6,\na.ts\n" + PlaylistText.segments(5, from: 1)))),
        ViolationCase(
            rule: .programDateTimeAfterDiscontinuity, situation: "a DISCONTINUITY without a fresh PROGRAM-DATE-TIME", line: 8,
            validate: text(
                .live,
                PlaylistText.live(PlaylistText.segments(1) + "#EXT-X-DISCONTINUITY\n#EXTINF:6,\nb.ts\n" + PlaylistText.segments(5, from: 2))
            )),
        ViolationCase(
            rule: .livePlaylistTypeAbsent, situation: "live with PLAYLIST-TYPE:EVENT", line: 4,
            validate: text(.live, PlaylistText.live("#EXT-X-PLAYLIST-TYPE:EVENT\n" + PlaylistText.segments(6)))),
        ViolationCase(
            rule: .liveEndListAbsent, situation: "live with ENDLIST", line: 22,
            validate: text(.live, PlaylistText.live(PlaylistText.segments(6) + "#EXT-X-ENDLIST\n"))),
        ViolationCase(
            rule: .liveDiscontinuitySequencePresent, situation: "discontinuity without DISCONTINUITY-SEQUENCE",
            validate: model(
                .live,
                {
                    var playlist = PlaylistFixtures.liveWindow(loop: 4)
                    playlist.discontinuitySequence = nil
                    return playlist
                }())),
        ViolationCase(
            rule: .liveMinimumSegments, situation: "five segments",
            validate: model(.live, PlaylistFixtures.liveWindow(count: 5))),
        ViolationCase(
            rule: .liveMinimumDuration, situation: "six 1 s segments under target 6",
            validate: model(
                .live,
                {
                    var playlist = PlaylistFixtures.liveWindow(count: 6, segmentSeconds: 1)
                    playlist.targetDuration = 6
                    return playlist
                }())),
        ViolationCase(
            rule: .liveProgramDateTimePresent, situation: "no PROGRAM-DATE-TIME",
            validate: model(
                .live,
                {
                    var playlist = PlaylistFixtures.liveWindow()
                    for index in playlist.segments.indices { playlist.segments[index].programDateTime = nil }
                    return playlist
                }())),
        ViolationCase(
            rule: .vodTags, situation: "VOD without ENDLIST",
            validate: model(
                .vod,
                {
                    var playlist = PlaylistFixtures.vodWithDiscontinuities()
                    playlist.endList = false
                    return playlist
                }())),
        ViolationCase(
            rule: .vodTags, situation: "VOD without PLAYLIST-TYPE",
            validate: model(
                .vod,
                {
                    var playlist = PlaylistFixtures.vodWithDiscontinuities()
                    playlist.playlistType = nil
                    return playlist
                }())),
        ViolationCase(
            rule: .eventPlaylistType, situation: "EVENT without PLAYLIST-TYPE",
            validate: model(.event, PlaylistFixtures.liveWindow()))
    ]

    @Test("each broken playlist trips its rule", arguments: cases)
    func brokenPlaylists(_ testCase: ViolationCase) {
        testCase.expectViolation()
    }

    @Test(
        "the generated playlists pass",
        arguments: [
            ("live window", Kind.live, PlaylistFixtures.liveWindow()),
            (
                "live window with loops and programs", .live,
                PlaylistFixtures.liveWindow(first: 997, count: 30, loop: 20, programSegments: 15)
            ),
            ("live window with an ad break", .live, PlaylistFixtures.liveWindowWithAdBreak()),
            ("VOD with discontinuities", .vod, PlaylistFixtures.vodWithDiscontinuities()),
            (
                "event", .event,
                {
                    var playlist = PlaylistFixtures.liveWindow(first: 0, count: 3)
                    playlist.playlistType = .event
                    return playlist
                }()
            )
        ])
    func goodPlaylists(name: String, kind: Kind, playlist: MediaPlaylist) {
        #expect(HLSValidator.validate(media: playlist, kind: kind) == [])
        #expect(HLSValidator.validate(mediaText: HLSWriter.bytes(playlist), kind: kind) == [])
    }

    @Test("a small hand-written live playlist passes")
    func goodText() {
        #expect(HLSValidator.validate(mediaText: PlaylistText.live(PlaylistText.segments(6)).utf8, kind: .live) == [])
    }

    @Test("unparseable text is reported as a syntax violation with its line")
    func syntax() {
        let violations = HLSValidator.validate(mediaText: "#EXTM3U\n#EXTINF:x,\na.ts\n".utf8, kind: .vod)
        #expect(violations.map(\.ruleID) == ["syntax"])
        #expect(violations.first?.location.line == 2)
        #expect(violations.first?.description == "[syntax] line 2: EXTINF duration must be decimal seconds, found \"x\".")
    }
}
