import Foundation
import HLS
import Testing

@Suite("Validator: Playlist Delta Updates")
struct DeltaUpdateValidatorTests {
    typealias Kind = HLSValidator.MediaPlaylistKind

    static let full = PlaylistFixtures.liveWindowOfferingDeltaUpdates()
    /// 12 of 20 six-second segments skipped: the 8 listed last 48 s, over the 36-s boundary.
    static let delta = PlaylistFixtures.deltaUpdate(of: full, skipping: 12)
    /// The load before `full`, one segment earlier.
    static let previous = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 99)

    static func model(_ playlist: MediaPlaylist, _ kind: Kind = .live) -> @Sendable () -> [HLSViolation] {
        { HLSValidator.validate(media: playlist, kind: kind) }
    }

    static func text(_ text: String) -> @Sendable () -> [HLSViolation] {
        { HLSValidator.validate(mediaText: text.utf8, kind: .live) }
    }

    static func edited(_ playlist: MediaPlaylist, _ edit: (inout MediaPlaylist) -> Void) -> MediaPlaylist {
        var playlist = playlist
        edit(&playlist)
        return playlist
    }

    /// A live delta update by hand: version 9, boundary 36 s, SKIP on line 6, six 6-s segments.
    static func deltaText(skipAfterFirstSegment: Bool = false) -> String {
        let header =
            "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-TARGETDURATION:6\n#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=36\n#EXT-X-MEDIA-SEQUENCE:0\n"
        let skip = "#EXT-X-SKIP:SKIPPED-SEGMENTS=4\n"
        return skipAfterFirstSegment
            ? header + PlaylistText.segments(1, from: 4) + skip + PlaylistText.segments(5, from: 5)
            : header + skip + PlaylistText.segments(6, from: 4)
    }

    static let cases: [ViolationCase] = [
        ViolationCase(
            rule: .serverControlSkipBoundary, situation: "CAN-SKIP-UNTIL of 30 s under target 6",
            validate: model(edited(full) { $0.serverControl?.canSkipUntil = .seconds(30) })),
        ViolationCase(
            rule: .skipInDeltaUpdateOnly, situation: "EXT-X-SKIP in a playlist that does not offer delta updates",
            validate: model(edited(delta) { $0.serverControl = nil })),
        ViolationCase(
            rule: .skipInDeltaUpdateOnly, situation: "EXT-X-SKIP in an ended EVENT playlist",
            validate: model(
                edited(delta) {
                    $0.playlistType = .event
                    $0.endList = true
                }, .event)),
        ViolationCase(
            rule: .skipVersion, situation: "EXT-X-SKIP at version 6",
            validate: model(edited(delta) { $0.version = 6 })),
        ViolationCase(
            rule: .skipVersion, situation: "skipped DATERANGEs at version 9",
            validate: model(edited(delta) { $0.skipped?.recentlyRemovedDateRangeIDs = ["program-12"] })),
        ViolationCase(
            rule: .skipPosition, situation: "EXT-X-SKIP after the first segment", line: 9,
            validate: text(deltaText(skipAfterFirstSegment: true))),
        ViolationCase(
            rule: .skipPosition, situation: "EXT-X-SKIP twice", line: 7,
            validate: text(
                deltaText().replacingOccurrences(of: "SKIPPED-SEGMENTS=4\n", with: "SKIPPED-SEGMENTS=4\n#EXT-X-SKIP:SKIPPED-SEGMENTS=4\n"))),
        ViolationCase(
            rule: .skipBoundary, situation: "17 of 20 skipped, the 3 listed last 18 s of a 36-s boundary",
            validate: model(PlaylistFixtures.deltaUpdate(of: full, skipping: 17))),
        ViolationCase(
            rule: .skipMergeable, situation: "the skipped segments start before the previous load",
            validate: {
                HLSValidator.validateReload(previous: PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 101), next: delta, kind: .live)
            }),
        ViolationCase(
            rule: .skipMergeable, situation: "the skipped segments end after the previous load",
            validate: {
                HLSValidator.validateReload(
                    previous: PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 80, count: 25), next: delta, kind: .live)
            }),
        ViolationCase(
            rule: .skipMatchesFullPlaylist, situation: "a listed segment is not the full playlist's",
            validate: {
                HLSValidator.validateDeltaUpdate(edited(delta) { $0.segments[3].uri = "other.ts" }, previous: previous, full: full)
            }),
        ViolationCase(
            rule: .skipMatchesFullPlaylist, situation: "the update misses a DATERANGE of a skipped segment",
            validate: {
                HLSValidator.validateDeltaUpdate(edited(delta) { $0.segments[0].dateRanges.removeFirst() }, previous: previous, full: full)
            }),
        ViolationCase(
            rule: .skipMatchesFullPlaylist, situation: "DISCONTINUITY-SEQUENCE is not the full playlist's",
            validate: { HLSValidator.validateDeltaUpdate(edited(delta) { $0.discontinuitySequence = 0 }, previous: previous, full: full) })
    ]

    @Test("each broken delta update trips its rule", arguments: cases)
    func brokenDeltaUpdates(_ testCase: ViolationCase) {
        testCase.expectViolation()
    }

    @Test("a well-formed delta update passes on its own, as a reload, and against the full playlist")
    func goodDeltaUpdate() {
        #expect(HLSValidator.validate(media: Self.full, kind: .live) == [])
        #expect(HLSValidator.validate(media: Self.delta, kind: .live) == [])
        #expect(HLSValidator.validate(mediaText: HLSWriter.bytes(Self.delta), kind: .live) == [])
        #expect(HLSValidator.validate(mediaText: Self.deltaText().utf8, kind: .live) == [])
        #expect(HLSValidator.validateReload(previous: Self.previous, next: Self.delta, kind: .live) == [])
        #expect(HLSValidator.validateDeltaUpdate(Self.delta, previous: Self.previous, full: Self.full) == [])
    }

    @Test("a delta update that skips nothing and a window shorter than the boundary pass")
    func nothingSkipped() {
        let short = PlaylistFixtures.liveWindowOfferingDeltaUpdates(count: 6)
        let update = PlaylistFixtures.deltaUpdate(of: short, skipping: 0)
        #expect(HLSValidator.validate(media: update, kind: .live) == [])
        #expect(
            HLSValidator.validateDeltaUpdate(
                update, previous: PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 3, count: 6), full: short) == [])
    }
}
