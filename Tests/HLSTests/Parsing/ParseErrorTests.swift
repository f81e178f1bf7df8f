import HLS
import Testing

@Suite("Parse errors name the line")
struct ParseErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int
        var messagePart: String
        var testDescription: String { messagePart }
    }

    static let mediaCases: [Case] = [
        Case(text: "", line: 1, messagePart: "empty"),
        Case(text: "\n\nhello\n", line: 3, messagePart: "#EXTM3U"),
        Case(text: "#EXTM3U\n#EXT-X-TARGETDURATION:six\n", line: 2, messagePart: "EXT-X-TARGETDURATION must be a decimal integer"),
        Case(text: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:abc,\na.ts\n", line: 3, messagePart: "EXTINF duration"),
        Case(text: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n\na.ts\n", line: 4, messagePart: "must follow an EXTINF"),
        Case(text: "#EXTM3U\n#EXTINF:6,\n", line: 2, messagePart: "not followed by a segment URI"),
        Case(text: "#EXTM3U\n#EXTINF:6,\na.ts\n#EXT-X-DISCONTINUITY\n", line: 4, messagePart: "EXT-X-DISCONTINUITY is not followed"),
        Case(text: "#EXTM3U\n#EXT-X-PROGRAM-DATE-TIME:yesterday\n#EXTINF:6,\na.ts\n", line: 2, messagePart: "ISO-8601"),
        Case(text: "#EXTM3U\n#EXT-X-PLAYLIST-TYPE:LIVE\n", line: 2, messagePart: "VOD or EVENT"),
        Case(text: "#EXTM3U\n#EXT-X-BYTERANGE:12@x\n", line: 2, messagePart: "offset"),
        Case(text: "#EXTM3U\n#EXT-X-DATERANGE:ID=\"a\"\n", line: 2, messagePart: "START-DATE"),
        Case(
            text: "#EXTM3U\n\n#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"2024-03-01T12:00:00Z\",DURATION=\"5\"\n", line: 3,
            messagePart: "DURATION must be decimal seconds"),
        Case(
            text: "#EXTM3U\n#EXT-X-DATERANGE:ID=a,START-DATE=\"2024-03-01T12:00:00Z\"\n", line: 2, messagePart: "ID must be a quoted string"
        ),
        Case(text: "#EXTM3U\n#EXT-X-DATERANGE:ID=\"a,START-DATE=\"2024\"\n", line: 2, messagePart: "followed by text"),
        Case(text: "#EXTM3U\n#EXT-X-DATERANGE:ID=\"a\",ID=\"b\",START-DATE=\"2024-03-01T12:00:00Z\"\n", line: 2, messagePart: "twice"),
        Case(
            text: "#EXTM3U\n#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"2024-03-01T12:00:00Z\",SCTE35-OUT=0xABC\n", line: 2,
            messagePart: "even number"),
        Case(
            text: "#EXTM3U\n#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"2024-03-01T12:00:00Z\",X-N=1e5\n", line: 2, messagePart: "decimal number"
        ),
        Case(
            text: "#EXTM3U\n#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"2024-03-01T12:00:00Z\",END-ON-NEXT=NO\n", line: 2,
            messagePart: "END-ON-NEXT must be YES"),
        Case(text: "#EXTM3U\n#EXT-X-DATERANGE:id=\"a\"\n", line: 2, messagePart: "malformed attribute name"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv.m3u8\n", line: 2, messagePart: "multivariant playlist tag"),
        Case(text: "#EXTM3U\n#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=soon\n", line: 2, messagePart: "CAN-SKIP-UNTIL must be decimal seconds"),
        Case(text: "#EXTM3U\n#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=MAYBE\n", line: 2, messagePart: "CAN-BLOCK-RELOAD must be YES or NO"),
        Case(text: "#EXTM3U\n#EXT-X-SERVER-CONTROL:HOLD-BACK=\"6\"\n", line: 2, messagePart: "HOLD-BACK must be decimal seconds"),
        Case(
            text: "#EXTM3U\n#EXT-X-SKIP:RECENTLY-REMOVED-DATERANGES=\"\"\n", line: 2,
            messagePart: "missing the required attribute SKIPPED-SEGMENTS"),
        Case(text: "#EXTM3U\n#EXT-X-SKIP:SKIPPED-SEGMENTS=-3\n", line: 2, messagePart: "SKIPPED-SEGMENTS must be a decimal integer"),
        Case(
            text: "#EXTM3U\n#EXT-X-SKIP:SKIPPED-SEGMENTS=3,RECENTLY-REMOVED-DATERANGES=ad-1\n", line: 2,
            messagePart: "must be a quoted string"),
        Case(
            text: "#EXTM3U\n#EXT-X-SKIP:SKIPPED-SEGMENTS=3\n\n#EXT-X-SKIP:SKIPPED-SEGMENTS=3\n", line: 4,
            messagePart: "EXT-X-SKIP appears again (first on line 2)")
    ]

    @Test("media playlists", arguments: mediaCases)
    func mediaErrors(_ testCase: Case) {
        let error = #expect(throws: HLSParseError.self) { try HLSParser.parseMedia(testCase.text) }
        #expect(error?.line == testCase.line)
        #expect(error?.message.contains(testCase.messagePart) == true, "\(error?.message ?? "")")
    }

    static let masterCases: [Case] = [
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=1\nv.m3u8\n", line: 2, messagePart: "BANDWIDTH"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n", line: 2, messagePart: "not followed by a URI"),
        Case(
            text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n#EXT-X-STREAM-INF:BANDWIDTH=2\nv.m3u8\n", line: 2,
            messagePart: "not followed by a URI"),
        Case(text: "#EXTM3U\nv.m3u8\n", line: 2, messagePart: "must follow EXT-X-STREAM-INF"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,RESOLUTION=big\nv.m3u8\n", line: 2, messagePart: "WIDTHxHEIGHT"),
        Case(text: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1,CLOSED-CAPTIONS=cc\nv.m3u8\n", line: 2, messagePart: "NONE"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,NAME=\"a\"\n", line: 2, messagePart: "GROUP-ID"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=TEXT,GROUP-ID=\"g\",NAME=\"a\"\n", line: 2, messagePart: "AUDIO, VIDEO"),
        Case(text: "#EXTM3U\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"g\",NAME=\"a\",DEFAULT=yes\n", line: 2, messagePart: "YES or NO"),
        Case(text: "#EXTM3U\n#EXT-X-VERSION:3\n#EXTINF:6,\n", line: 3, messagePart: "media playlist tag")
    ]

    @Test("multivariant playlists", arguments: masterCases)
    func masterErrors(_ testCase: Case) {
        let error = #expect(throws: HLSParseError.self) { try HLSParser.parseMaster(testCase.text) }
        #expect(error?.line == testCase.line)
        #expect(error?.message.contains(testCase.messagePart) == true, "\(error?.message ?? "")")
    }

    @Test("errors about house rules carry the rule id")
    func ruleIDs() {
        let dateRange = #expect(throws: HLSParseError.self) {
            try HLSParser.parseMedia("#EXTM3U\n#EXT-X-DATERANGE:START-DATE=\"2024-03-01T12:00:00Z\"\n")
        }
        #expect(dateRange?.ruleID == "daterange.id.required")
        #expect(dateRange?.description == "line 2: EXT-X-DATERANGE is missing the required attribute ID.")
    }
}
