import HLS
import Testing

@Suite("Validator: EXT-X-DATERANGE")
struct DateRangeValidatorTests {
    static let start = "2024-03-01T12:00:00.000Z"

    /// A valid live playlist whose fourth line is `tags` (one DATERANGE per line).
    static func live(_ tags: String) -> @Sendable () -> [HLSViolation] {
        let text = PlaylistText.live(tags + PlaylistText.segments(6))
        return { HLSValidator.validate(mediaText: text.utf8, kind: .live) }
    }

    /// The live window fixture with `ranges` on its first segment.
    static func live(ranges: [DateRange], endList: Bool = false) -> @Sendable () -> [HLSViolation] {
        var playlist = PlaylistFixtures.liveWindow(first: 0)
        playlist.segments[0].dateRanges = ranges
        if endList {
            playlist.playlistType = .event
            playlist.endList = true
        }
        let checked = playlist
        return { HLSValidator.validate(media: checked, kind: endList ? .event : .live) }
    }

    static let epoch = PlaylistFixtures.epoch

    static let cases: [ViolationCase] = [
        ViolationCase(
            rule: .dateRangeIDRequired, situation: "no ID", line: 4,
            validate: live("#EXT-X-DATERANGE:START-DATE=\"\(start)\"\n")),
        ViolationCase(
            rule: .dateRangeIDRequired, situation: "an empty ID built in code",
            validate: live(ranges: [DateRange(id: "", startDate: epoch)])),
        ViolationCase(
            rule: .dateRangeStartDateRequired, situation: "no START-DATE", line: 4,
            validate: live("#EXT-X-DATERANGE:ID=\"a\",DURATION=5\n")),
        ViolationCase(
            rule: .dateRangeEndAfterStart, situation: "END-DATE before START-DATE", line: 4,
            validate: live("#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"\(start)\",END-DATE=\"2024-03-01T11:59:59.000Z\"\n")),
        ViolationCase(
            rule: .dateRangeDurationNonNegative, situation: "negative DURATION", line: 4,
            validate: live("#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"\(start)\",DURATION=-1\n")),
        ViolationCase(
            rule: .dateRangeDurationNonNegative, situation: "negative PLANNED-DURATION", line: 4,
            validate: live("#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"\(start)\",PLANNED-DURATION=-0.5\n")),
        ViolationCase(
            rule: .dateRangeClientAttributeName, situation: "a client attribute without X-",
            validate: live(ranges: [
                DateRange(id: "a", startDate: epoch, clientAttributes: [ClientAttribute(name: "AD-ID", value: .string("1"))])
            ])),
        ViolationCase(
            rule: .dateRangeClientAttributeName, situation: "a lower-case client attribute",
            validate: live(ranges: [
                DateRange(id: "a", startDate: epoch, clientAttributes: [ClientAttribute(name: "X-ad", value: .number(1))])
            ])),
        ViolationCase(
            rule: .dateRangeEndOnNext, situation: "END-ON-NEXT without CLASS", line: 4,
            validate: live("#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"\(start)\",END-ON-NEXT=YES\n")),
        ViolationCase(
            rule: .dateRangeEndOnNext, situation: "END-ON-NEXT with DURATION", line: 4,
            validate: live("#EXT-X-DATERANGE:ID=\"a\",CLASS=\"c\",START-DATE=\"\(start)\",DURATION=5,END-ON-NEXT=YES\n")),
        ViolationCase(
            rule: .dateRangeNeedsProgramDateTime, situation: "DATERANGE in a VOD without PROGRAM-DATE-TIME", line: 4,
            validate: {
                HLSValidator.validate(
                    mediaText: """
                        #EXTM3U
                        #EXT-X-TARGETDURATION:6
                        #EXT-X-PLAYLIST-TYPE:VOD
                        #EXT-X-DATERANGE:ID="a",START-DATE="\(start)"
                        #EXTINF:6,
                        a.ts
                        #EXT-X-ENDLIST
                        """.utf8, kind: .vod)
            }),
        ViolationCase(
            rule: .dateRangeIDConsistent, situation: "two tags of one ID with different CLASS", line: 5,
            validate: live(
                "#EXT-X-DATERANGE:ID=\"a\",CLASS=\"x\",START-DATE=\"\(start)\"\n#EXT-X-DATERANGE:ID=\"a\",CLASS=\"y\",START-DATE=\"\(start)\"\n"
            )),
        ViolationCase(
            rule: .dateRangeIDConsistent, situation: "two tags of one ID with different X-AD-ID",
            validate: live(ranges: [
                DateRange(id: "a", startDate: epoch, clientAttributes: [ClientAttribute(name: "X-AD-ID", value: .string("1"))]),
                DateRange(id: "a", startDate: epoch, clientAttributes: [ClientAttribute(name: "X-AD-ID", value: .string("2"))])
            ])),
        ViolationCase(
            rule: .dateRangeEndMatchesDuration, situation: "END-DATE ≠ START-DATE + DURATION", line: 4,
            validate: live("#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"\(start)\",END-DATE=\"2024-03-01T12:00:10.000Z\",DURATION=5\n")),
        ViolationCase(
            rule: .dateRangeEndMatchesDuration, situation: "END-DATE and DURATION split over two tags of one ID",
            validate: live(ranges: [
                DateRange(id: "a", startDate: epoch, duration: .seconds(5)),
                DateRange(id: "a", startDate: epoch, endDate: epoch.adding(.seconds(6)))
            ])),
        ViolationCase(
            rule: .dateRangeClassNoOverlap, situation: "two programs overlapping by a second", line: 5,
            validate: live(
                "#EXT-X-DATERANGE:ID=\"a\",CLASS=\"p\",START-DATE=\"\(start)\",DURATION=10\n#EXT-X-DATERANGE:ID=\"b\",CLASS=\"p\",START-DATE=\"2024-03-01T12:00:09.000Z\",DURATION=10\n"
            )),
        ViolationCase(
            rule: .dateRangePlannedClosed, situation: "an ended playlist with an open PLANNED-DURATION break",
            validate: live(
                ranges: [DateRange(id: "break", rangeClass: "ad", startDate: epoch, plannedDuration: .seconds(30), scte35Out: [0xFC])],
                endList: true)),
        ViolationCase(
            rule: .dateRangeSCTE35Paired, situation: "SCTE35-IN under an ID without SCTE35-OUT", line: 5,
            validate: live(
                "#EXT-X-DATERANGE:ID=\"out\",START-DATE=\"\(start)\",SCTE35-OUT=0xFC00\n#EXT-X-DATERANGE:ID=\"in\",START-DATE=\"\(start)\",SCTE35-IN=0xFC01\n"
            ))
    ]

    @Test("each broken DATERANGE trips its rule", arguments: cases)
    func brokenRanges(_ testCase: ViolationCase) {
        testCase.expectViolation()
    }

    @Test("ranges that touch, differ in class or end on next pass")
    func goodRanges() {
        let start = Self.start
        let touching = DateRangeValidatorTests.live(
            """
            #EXT-X-DATERANGE:ID="a",CLASS="p",START-DATE="\(start)",DURATION=10
            #EXT-X-DATERANGE:ID="b",CLASS="p",START-DATE="2024-03-01T12:00:10.000Z",END-DATE="2024-03-01T12:00:20.000Z",DURATION=10
            #EXT-X-DATERANGE:ID="c",CLASS="q",START-DATE="2024-03-01T12:00:05.000Z",DURATION=10
            #EXT-X-DATERANGE:ID="d",CLASS="r",START-DATE="\(start)",END-ON-NEXT=YES
            #EXT-X-DATERANGE:ID="e",CLASS="r",START-DATE="2024-03-01T12:00:05.000Z",END-ON-NEXT=YES
            #EXT-X-DATERANGE:ID="f",START-DATE="\(start)",PLANNED-DURATION=30,SCTE35-OUT=0xFC00
            #EXT-X-DATERANGE:ID="f",START-DATE="\(start)",DURATION=29.5,SCTE35-IN=0xFC01

            """)
        #expect(touching() == [])
    }
}
