import Foundation
import HLS
import Testing

@Suite("Validator: EXT-X-KEY and EXT-X-SESSION-KEY")
struct KeyValidatorTests {
    /// A VOD playlist (lines 1–4) whose first segment (EXTINF on line 6) follows `key` on line 5.
    static func vod(key: String) -> String {
        "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MEDIA-SEQUENCE:0\n\(key)\n#EXTINF:6.000,\nseg-0.ts\n#EXT-X-ENDLIST\n"
    }

    static func media(_ key: String) -> @Sendable () -> [HLSViolation] {
        { HLSValidator.validate(mediaText: vod(key: key).utf8, kind: .vod) }
    }

    /// A multivariant playlist with `sessionKey` and one variant.
    static func master(sessionKey: String) -> String {
        "#EXTM3U\n\(sessionKey)\n#EXT-X-STREAM-INF:BANDWIDTH=800000,AVERAGE-BANDWIDTH=700000,CODECS=\"avc1.64001f,mp4a.40.2\",RESOLUTION=640x360,FRAME-RATE=25\nv.m3u8\n"
    }

    static func sessionKey(_ line: String) -> @Sendable () -> [HLSViolation] {
        { HLSValidator.validate(masterText: master(sessionKey: line).utf8) }
    }

    static let key = #"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k1""#

    static let cases: [ViolationCase] = [
        ViolationCase(rule: .keyMethod, situation: "no METHOD", line: 6, validate: media(#"#EXT-X-KEY:URI="k""#)),
        ViolationCase(rule: .keyMethod, situation: "METHOD=AES-256", line: 6, validate: media(#"#EXT-X-KEY:METHOD=AES-256,URI="k""#)),
        ViolationCase(rule: .keyMethod, situation: "a quoted METHOD", line: 6, validate: media(#"#EXT-X-KEY:METHOD="AES-128",URI="k""#)),
        ViolationCase(
            rule: .keyMethod, situation: "a session key of an unknown METHOD",
            validate: sessionKey(#"#EXT-X-SESSION-KEY:METHOD=CENC,URI="k""#)),
        ViolationCase(rule: .keyURI, situation: "AES-128 without URI", line: 6, validate: media("#EXT-X-KEY:METHOD=AES-128")),
        ViolationCase(
            rule: .keyURI, situation: "SAMPLE-AES with an empty URI", line: 6, validate: media(#"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="""#)),
        ViolationCase(rule: .keyURI, situation: "an unquoted URI", line: 6, validate: media("#EXT-X-KEY:METHOD=AES-128,URI=k")),
        ViolationCase(rule: .keyURI, situation: "NONE with a URI", line: 6, validate: media(#"#EXT-X-KEY:METHOD=NONE,URI="k""#)),
        ViolationCase(
            rule: .keyURI, situation: "NONE with an IV", line: 6,
            validate: media("#EXT-X-KEY:METHOD=NONE,IV=0x000102030405060708090A0B0C0D0E0F")),
        ViolationCase(rule: .keyIV, situation: "a short IV", line: 6, validate: media(key + ",IV=0x1234")),
        ViolationCase(rule: .keyIV, situation: "an IV without 0x", line: 6, validate: media(key + ",IV=000102030405060708090A0B0C0D0E0F")),
        ViolationCase(
            rule: .keyIV, situation: "an IV with a non-hex digit", line: 6, validate: media(key + ",IV=0x000102030405060708090A0B0C0D0E0G")),
        ViolationCase(rule: .keyIV, situation: "a quoted IV", line: 6, validate: media(key + #",IV="0x000102030405060708090A0B0C0D0E0F""#)),
        ViolationCase(rule: .keyFormat, situation: "an unquoted KEYFORMAT", line: 6, validate: media(key + ",KEYFORMAT=identity")),
        ViolationCase(rule: .keyFormat, situation: "an empty KEYFORMAT", line: 6, validate: media(key + #",KEYFORMAT="""#)),
        ViolationCase(rule: .keyFormat, situation: "KEYFORMATVERSIONS 1/x", line: 6, validate: media(key + #",KEYFORMATVERSIONS="1/x""#)),
        ViolationCase(rule: .keyFormat, situation: "KEYFORMATVERSIONS 0", line: 6, validate: media(key + #",KEYFORMATVERSIONS="0""#)),
        ViolationCase(rule: .keyFormat, situation: "KEYFORMATVERSIONS 1//2", line: 6, validate: media(key + #",KEYFORMATVERSIONS="1//2""#)),
        ViolationCase(rule: .keyFormat, situation: "unquoted KEYFORMATVERSIONS", line: 6, validate: media(key + ",KEYFORMATVERSIONS=1")),
        ViolationCase(
            rule: .keyPosition, situation: "a live window whose first key tag comes after its first segment", line: 5,
            validate: {
                HLSValidator.validate(
                    mediaText: PlaylistText.live(PlaylistText.segments(1) + key + "\n" + PlaylistText.segments(5, from: 1)).utf8,
                    kind: .live)
            }),
        ViolationCase(
            rule: .sessionKeyMethod, situation: "a session key of METHOD=NONE", validate: sessionKey("#EXT-X-SESSION-KEY:METHOD=NONE")),
        ViolationCase(
            rule: .sessionKeyMatch, situation: "a session key no media playlist uses",
            validate: {
                validateSessionKeys(
                    #"#EXT-X-SESSION-KEY:METHOD=AES-128,URI="https://keys.example/k2""#, media: [vod(key: key)])
            })
    ]

    @Test(arguments: cases)
    func brokenInput(_ testCase: ViolationCase) {
        testCase.expectViolation()
    }

    /// The session-key findings of a master with `sessionKey` at `https://cdn.example/s/master.m3u8`
    /// over media playlists at `…/s/v{n}.m3u8`.
    static func validateSessionKeys(_ sessionKey: String, media: [String]) -> [HLSViolation] {
        let base = URL(string: "https://cdn.example/s/master.m3u8")!
        guard let master = try? HLSParser.parseMaster(Array(Self.master(sessionKey: sessionKey).utf8)) else { return [] }
        let playlists = media.enumerated().compactMap { index, text in
            (try? HLSParser.parseMedia(Array(text.utf8))).map {
                (url: Optional(URL(string: "v\(index).m3u8", relativeTo: base)!), playlist: $0)
            }
        }
        return HLSValidator.validateSessionKeys(master: master, masterURL: base, media: playlists)
    }

    @Test(arguments: [
        #"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k1""#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="/keys/k1?token=a%2Fb",IV=0x000102030405060708090a0b0c0d0e0f"#,
        #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://k1",KEYFORMAT="com.apple.streamingkeydelivery",KEYFORMATVERSIONS="1/2/5""#,
        "#EXT-X-KEY:METHOD=NONE"
    ])
    func wellFormedKeysPass(_ key: String) {
        #expect(HLSValidator.validate(mediaText: Self.vod(key: key).utf8, kind: .vod) == [])
    }

    @Test func aSessionKeyMatchesAMediaKeyWithDefaultsFilledInAndURIsResolved() {
        // Relative to the master here, absolute there; KEYFORMAT identity and KEYFORMATVERSIONS 1 are the defaults.
        let session = #"#EXT-X-SESSION-KEY:METHOD=AES-128,URI="keys/k1",IV=0x000102030405060708090A0B0C0D0E0F"#
        let media =
            #"#EXT-X-KEY:METHOD=AES-128,URI="https://cdn.example/s/keys/k1",IV=0x000102030405060708090a0b0c0d0e0f,KEYFORMAT="identity",KEYFORMATVERSIONS="1""#
        #expect(Self.validateSessionKeys(session, media: [Self.vod(key: "#EXT-X-KEY:METHOD=NONE"), Self.vod(key: media)]) == [])
        #expect(HLSValidator.validate(masterText: Self.master(sessionKey: session).utf8) == [])
        // Another IV is another key.
        let otherIV = media.replacingOccurrences(of: "0x0001", with: "0x0002")
        #expect(Self.validateSessionKeys(session, media: [Self.vod(key: otherIV)]).map(\.ruleID) == ["sessionkey.match"])
    }

    @Test func aLiveWindowThatStatesItsFirstKeyOrEncryptsNothingPasses() {
        let rotated = PlaylistText.live(
            Self.key + "\n" + PlaylistText.segments(3) + #"#EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k2""# + "\n"
                + PlaylistText.segments(3, from: 3))
        #expect(HLSValidator.validate(mediaText: rotated.utf8, kind: .live) == [])
        let clearLead = PlaylistText.live(
            "#EXT-X-KEY:METHOD=NONE\n" + PlaylistText.segments(1) + Self.key + "\n" + PlaylistText.segments(5, from: 1))
        #expect(HLSValidator.validate(mediaText: clearLead.utf8, kind: .live) == [])
        // A VOD title may start clear without saying so (RFC 8216: no key tag, no encryption).
        let vodClearLead =
            "#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:6.000,\nseg-0.ts\n\(Self.key)\n#EXTINF:6.000,\nseg-1.ts\n#EXT-X-ENDLIST\n"
        #expect(HLSValidator.validate(mediaText: vodClearLead.utf8, kind: .vod) == [])
    }

    @Test func aMalformedAttributeListIsASyntaxViolationOnItsSegment() {
        let violations = HLSValidator.validate(mediaText: Self.vod(key: #"#EXT-X-KEY:METHOD=AES-128,URI="k"#).utf8, kind: .vod)
        #expect(violations.map(\.ruleID) == ["syntax"])
        #expect(violations.first?.location.line == 6)
        #expect(violations.first?.location.mediaSequence == 0)
    }
}
