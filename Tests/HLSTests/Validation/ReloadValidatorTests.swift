import HLS
import Testing

@Suite("Validator: reloads and variants")
struct ReloadValidatorTests {
    typealias Kind = HLSValidator.MediaPlaylistKind

    static func reload(_ kind: Kind, _ previous: MediaPlaylist, _ next: MediaPlaylist) -> @Sendable () -> [HLSViolation] {
        { HLSValidator.validateReload(previous: previous, next: next, kind: kind) }
    }

    static func window(_ first: Int, loop: Int = 0, programs: Int = 0, edit: (inout MediaPlaylist) -> Void = { _ in }) -> MediaPlaylist {
        var playlist = PlaylistFixtures.liveWindow(first: first, count: 10, loop: loop, programSegments: programs)
        edit(&playlist)
        return playlist
    }

    static let vod = PlaylistFixtures.vodWithDiscontinuities()

    static let cases: [ViolationCase] = [
        ViolationCase(
            rule: .targetDurationStable, situation: "target duration changes on reload",
            validate: reload(.live, window(100), window(101) { $0.targetDuration = 8 })),
        ViolationCase(
            rule: .targetDurationStable, situation: "variants with different target durations",
            validate: {
                HLSValidator.validateVariants([window(100), window(100) { $0.targetDuration = 4 }])
            }),
        ViolationCase(
            rule: .reloadMediaSequenceMonotonic, situation: "media sequence goes back",
            validate: reload(.live, window(100), window(99))),
        ViolationCase(
            rule: .reloadMediaSequenceCountsRemovals, situation: "one segment removed, sequence +2",
            validate: reload(.live, window(100), window(101) { $0.mediaSequence = 102 })),
        ViolationCase(
            rule: .reloadSegmentContinuity, situation: "sequence 105 names another file",
            validate: reload(.live, window(100), window(101) { $0.segments[4].uri = "other.ts" })),
        ViolationCase(
            rule: .reloadRemovesFromStart, situation: "the newest segment disappears",
            validate: reload(.live, window(100), window(100) { $0.segments.removeLast() })),
        ViolationCase(
            rule: .reloadDiscontinuitySequenceCountsRemovals, situation: "a discontinuity slid out, sequence unchanged",
            validate: reload(.live, window(100, loop: 5), window(101, loop: 5) { $0.discontinuitySequence = 20 })),
        ViolationCase(
            rule: .liveDiscontinuitySequencePresent, situation: "DISCONTINUITY-SEQUENCE dropped after the last discontinuity left",
            validate: reload(.live, window(100, loop: 100), window(101) { $0.discontinuitySequence = nil })),
        ViolationCase(
            rule: .vodUnchanged, situation: "a VOD gains a segment",
            validate: reload(
                .vod, vod,
                {
                    var next = vod
                    next.segments.append(MediaSegment(uri: "extra.ts", duration: .seconds(1)))
                    return next
                }())),
        ViolationCase(
            rule: .eventAppendOnly, situation: "an EVENT rewrites a segment",
            validate: reload(
                .event, window(0) { $0.playlistType = .event },
                window(0) {
                    $0.playlistType = .event
                    $0.segments[2].uri = "changed.ts"
                })),
        ViolationCase(
            rule: .eventAppendOnly, situation: "an EVENT grows after ENDLIST",
            validate: reload(
                .event,
                window(0) {
                    $0.playlistType = .event
                    $0.endList = true
                },
                window(0) {
                    $0.playlistType = .event
                    $0.endList = true
                    $0.segments.append(MediaSegment(uri: "late.ts", duration: .seconds(6)))
                })),
        ViolationCase(
            rule: .dateRangeIDNotReused, situation: "an ID names a later program",
            validate: reload(
                .live, window(100, programs: 20),
                window(101, programs: 20) {
                    $0.segments[0].dateRanges[0].startDate = PlaylistFixtures.epoch
                })),
        ViolationCase(
            rule: .dateRangeNotRemovedEarly, situation: "the running program's range disappears",
            validate: reload(.live, window(100, programs: 20), window(101, programs: 20) { $0.segments[0].dateRanges = [] })),
        ViolationCase(
            rule: .variantsDiscontinuitiesAligned, situation: "a discontinuity one segment later in the second variant",
            validate: {
                HLSValidator.validateVariants([
                    window(100, loop: 5),
                    window(100, loop: 5) {
                        $0.segments[0].discontinuity = false
                        $0.segments[1].discontinuity = true
                    }
                ])
            }),
        ViolationCase(
            rule: .variantsDiscontinuitiesAligned, situation: "same tags, different DISCONTINUITY-SEQUENCE",
            validate: {
                HLSValidator.validateVariants([window(100, loop: 5), window(101, loop: 5) { $0.discontinuitySequence = 0 }])
            })
    ]

    @Test("each broken reload or variant set trips its rule", arguments: cases)
    func brokenReloads(_ testCase: ViolationCase) {
        testCase.expectViolation()
    }

    @Test("a live channel sliding over loops and programs passes every reload")
    func slidingWindow() {
        for first in 95..<140 {
            let previous = Self.window(first, loop: 12, programs: 7)
            let next = Self.window(first + 1, loop: 12, programs: 7)
            #expect(HLSValidator.validateReload(previous: previous, next: next, kind: .live) == [], "window \(first)")
            #expect(HLSValidator.validate(media: next, kind: .live) == [], "window \(first + 1)")
        }
        let skipping = HLSValidator.validateReload(previous: Self.window(100, loop: 12), next: Self.window(103, loop: 12), kind: .live)
        #expect(skipping == [])
    }

    @Test("EVENT appends, VOD reloads unchanged, aligned variants pass")
    func goodChanges() {
        let event = Self.window(0) { $0.playlistType = .event }
        let grown = Self.window(0) {
            $0.playlistType = .event
            $0.segments.append(MediaSegment(uri: "seg-10.ts", duration: .seconds(6)))
        }
        #expect(HLSValidator.validateReload(previous: event, next: grown, kind: .event) == [])
        #expect(HLSValidator.validateReload(previous: Self.vod, next: Self.vod, kind: .vod) == [])
        #expect(HLSValidator.validateVariants([Self.window(100, loop: 5), Self.window(100, loop: 5), Self.window(98, loop: 5)]) == [])
    }
}
