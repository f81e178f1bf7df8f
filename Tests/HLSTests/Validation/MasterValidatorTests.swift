import HLS
import Testing

@Suite("Validator: multivariant playlists")
struct MasterValidatorTests {
    static let variant =
        "#EXT-X-STREAM-INF:BANDWIDTH=1000,AVERAGE-BANDWIDTH=900,CODECS=\"avc1.64001f,mp4a.40.2\",RESOLUTION=640x360,FRAME-RATE=25.000"

    /// `#EXTM3U`, then `renditions` from line 2, then one complete variant.
    static func master(_ renditions: String, variantAttributes: String = "") -> @Sendable () -> [HLSViolation] {
        let text = "#EXTM3U\n" + renditions + variant + variantAttributes + "\nv.m3u8\n"
        return { HLSValidator.validate(masterText: text.utf8) }
    }

    static let cases: [ViolationCase] = [
        ViolationCase(
            rule: .variantAttributes, situation: "a variant without FRAME-RATE and CODECS", line: 2,
            validate: {
                HLSValidator.validate(
                    masterText: "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000,AVERAGE-BANDWIDTH=900,RESOLUTION=640x360\nv.m3u8\n".utf8)
            }),
        ViolationCase(
            rule: .variantAttributes, situation: "a variant without BANDWIDTH", line: 2,
            validate: {
                HLSValidator.validate(masterText: "#EXTM3U\n#EXT-X-STREAM-INF:AVERAGE-BANDWIDTH=900\nv.m3u8\n".utf8)
            }),
        ViolationCase(
            rule: .variantGroupsExist, situation: "AUDIO names a missing group", line: 2,
            validate: master("", variantAttributes: ",AUDIO=\"missing\"")),
        ViolationCase(
            rule: .renditionRequiredAttributes, situation: "EXT-X-MEDIA without NAME", line: 2,
            validate: master("#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",LANGUAGE=\"en\"\n")),
        ViolationCase(
            rule: .renditionRequiredAttributes, situation: "an empty GROUP-ID built in code",
            validate: {
                HLSValidator.validate(
                    master: MasterPlaylist(renditions: [Rendition(type: .video, groupID: "", name: "main")], variants: []))
            }),
        ViolationCase(
            rule: .renditionLanguage, situation: "subtitles without LANGUAGE", line: 2,
            validate: master("#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"s\",NAME=\"English\",URI=\"s.m3u8\"\n")),
        ViolationCase(
            rule: .renditionNameUnique, situation: "two audio tracks called English", line: 3,
            validate: master(
                "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"English\",LANGUAGE=\"en\",URI=\"1.m3u8\"\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"English\",LANGUAGE=\"en\",URI=\"2.m3u8\"\n"
            )),
        ViolationCase(
            rule: .renditionSingleDefault, situation: "two defaults in one group", line: 3,
            validate: master(
                "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"English\",LANGUAGE=\"en\",DEFAULT=YES,AUTOSELECT=YES\n#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"Svenska\",LANGUAGE=\"sv\",DEFAULT=YES,AUTOSELECT=YES\n"
            )),
        ViolationCase(
            rule: .renditionDefaultAutoselect, situation: "DEFAULT=YES without AUTOSELECT", line: 2,
            validate: master("#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"English\",LANGUAGE=\"en\",DEFAULT=YES\n")),
        ViolationCase(
            rule: .renditionForcedSubtitlesOnly, situation: "FORCED on audio", line: 2,
            validate: master("#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"a\",NAME=\"English\",LANGUAGE=\"en\",FORCED=NO\n")),
        ViolationCase(
            rule: .renditionClosedCaptionsNoURI, situation: "closed captions with a URI", line: 2,
            validate: master("#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID=\"cc\",NAME=\"CC\",INSTREAM-ID=\"CC1\",URI=\"cc.m3u8\"\n"))
    ]

    @Test("each broken multivariant playlist trips its rule", arguments: cases)
    func brokenMasters(_ testCase: ViolationCase) {
        testCase.expectViolation()
    }

    @Test("the generated multivariant playlist passes, as model and as text")
    func goodMaster() {
        let playlist = PlaylistFixtures.master()
        #expect(HLSValidator.validate(master: playlist) == [])
        #expect(HLSValidator.validate(masterText: HLSWriter.bytes(playlist)) == [])
    }
}

@Suite("Validator: rule coverage")
struct RuleCoverageTests {
    @Test("every rule has a broken input that trips it")
    func everyRuleIsTested() {
        let tested = Set(
            (MediaValidatorTests.cases + DateRangeValidatorTests.cases + ReloadValidatorTests.cases
                + MasterValidatorTests.cases + DeltaUpdateValidatorTests.cases + KeyValidatorTests.cases).map(\.rule.id))
        let untested = HLSRule.all.map(\.id).filter { !tested.contains($0) }
        #expect(untested == [])
        #expect(Set(HLSRule.all.map(\.id)).count == HLSRule.all.count, "rule ids are unique")
    }
}
