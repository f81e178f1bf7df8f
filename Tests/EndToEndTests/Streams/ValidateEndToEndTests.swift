import Foundation
import HLS
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// `exposure validate`'s core (``StreamValidator``) over HTTP: every stream kind the mock serves
/// is clean, and a deliberately broken stream served by a tiny responder reports its rules.
/// The built `exposure` binary is run too, for exit status and output.
@Suite(.onItsOwnQueue) struct ValidateEndToEndTests {
    @Test(arguments: StreamKinds.all)
    func everyStreamKindIsClean(_ kind: StreamKinds.Kind) async throws {
        let mock = try StreamPlatform(nowMs: kind.atMs)
        let url = try await mock.streamURL(kind.assetId(mock), material: kind.material)
        let report = await mock.validator().validate(masterURL: url)
        for failure in report.fetchFailures { Issue.record("\(kind.name): could not fetch \(failure.url): \(failure.detail)") }
        for finding in report.findings.prefix(20) { Issue.record("\(kind.name): \(finding)") }
        #expect(report.checked.count >= 2)
    }

    @Test func aBrokenStreamReportsEachRuleWithWhere() async throws {
        let broken = try BrokenStream()
        let report = await broken.validator().validate(masterURL: broken.url("master.m3u8"))
        let rules = Set(report.findings.map(\.rule))
        // Master: a video variant without RESOLUTION/FRAME-RATE, two DEFAULT audio tracks.
        #expect(rules.contains(HLSRule.variantAttributes.id))
        #expect(rules.contains(HLSRule.renditionSingleDefault.id))
        // Media: an EXTINF over the target duration, a live window of fewer than 6 segments.
        #expect(rules.contains(HLSRule.targetDurationCoversSegments.id))
        #expect(rules.contains(HLSRule.liveMinimumSegments.id))
        // Variants: the two video playlists disagree on the target duration.
        #expect(rules.contains(HLSRule.targetDurationStable.id))
        // Reload: MEDIA-SEQUENCE went backwards.
        #expect(rules.contains(HLSRule.reloadMediaSequenceMonotonic.id))
        // A rendition that is not there.
        #expect(report.fetchFailures.map(\.url) == [broken.url("audio/missing.m3u8").absoluteString])
        let extinf = try #require(report.findings.first { $0.rule == HLSRule.targetDurationCoversSegments.id })
        #expect(extinf.url.hasSuffix("/video/low.m3u8"))
        #expect(extinf.line == 8 && extinf.mediaSequence == 11, "the EXTINF line of segment 11")
        #expect(extinf.sentence == HLSRule.targetDurationCoversSegments.sentence)
        #expect(!report.isClean)
    }

    /// The encrypted fixtures (a VOD title, the SSAI title, a live channel with rotating keys)
    /// pass the key rules: their masters announce a session key their media playlists use.
    @Test(arguments: ["harbour-tales-s1e3", "mountain-ssai", "sport-max"])
    func theEncryptedFixturesAreCleanUnderTheKeyRules(assetId: String) async throws {
        let mock = try StreamPlatform(nowMs: StreamPlatform.noon + 905_000)
        let url = try await mock.streamURL(assetId)
        let master = String(decoding: try await HTTP.get(url).body, as: UTF8.self)
        #expect(master.contains("#EXT-X-SESSION-KEY:METHOD=AES-128,URI="), "\(assetId) is encrypted")
        let report = await mock.validator().validate(masterURL: url)
        #expect(report.isClean, "\(report.findings.prefix(5)) \(report.fetchFailures)")
    }

    @Test func brokenKeysReportEachKeyRuleWithWhere() async throws {
        let broken = try BrokenStream()
        let report = await broken.validator().validate(masterURL: broken.url("keys.m3u8"))
        let byRule = Dictionary(grouping: report.findings, by: \.rule)
        #expect(byRule[HLSRule.sessionKeyMethod.id]?.first?.url == broken.url("keys.m3u8").absoluteString)
        #expect(byRule[HLSRule.sessionKeyMatch.id]?.count == 1, "only the AES-128 session key is looked for: \(report.findings)")
        #expect(byRule[HLSRule.keyIV.id]?.first?.mediaSequence == 11)
        #expect(byRule[HLSRule.keyMethod.id]?.first?.mediaSequence == 12)
        #expect(byRule[HLSRule.keyFormat.id]?.first?.line == 11, "the EXTINF line of segment 12")
        #expect(byRule[HLSRule.keyURI.id]?.first?.mediaSequence == 13)
        #expect(byRule[HLSRule.keyPosition.id]?.first?.mediaSequence == 10)
        #expect(report.fetchFailures.isEmpty && !report.isClean)
    }

    /// Runs the `exposure` CLI built next to the tests (`swift build --build-tests` builds it).
    private static func run(_ arguments: [String]) async throws -> ChildProcess.Result {
        let cli = BuiltExecutable("exposure")
        guard FileManager.default.isExecutableFile(atPath: cli.url.path) else {
            throw StreamTestError("the exposure CLI is not built at \(cli.url.path): run `swift build --build-tests`")
        }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("exposure-validate-test").path
        return try await cli.run(arguments, environment: ["no_proxy": "127.0.0.1", "XDG_CONFIG_HOME": config])
    }

    @Test func theCLIExitsZeroOnACleanStreamAndOneOnABrokenOne() async throws {
        let mock = try StreamPlatform(nowMs: StreamPlatform.noon + 611_000)
        let live = try await mock.streamURL("news-24")
        let clean = try await Self.run(["validate", live.absoluteString, "--reload-after", "0"])
        #expect(clean.status == 0, "\(clean.output)")
        #expect(clean.output.contains("OK: 7 media playlist(s) (live), 7 reload(s), 14 delta update(s); 0 violation(s)"), "\(clean.output)")

        let broken = try BrokenStream()
        let failed = try await Self.run(["validate", broken.url("master.m3u8").absoluteString, "--no-reload"])
        #expect(failed.status == 1, "\(failed.output)")
        #expect(
            failed.output.contains("FAIL [media.targetduration.extinf] \(HLSRule.targetDurationCoversSegments.sentence)"),
            "\(failed.output)")
        #expect(failed.output.contains("/video/low.m3u8, line 8, segment 11:"), "\(failed.output)")
        #expect(!failed.output.contains("(reload)"))

        let json = try await Self.run(["validate", broken.url("master.m3u8").absoluteString, "--no-reload", "--json"])
        #expect(json.status == 1)
        let report = try JSONDecoder().decode(StreamValidationReport.self, from: Data(json.output.utf8))
        #expect(report.findings.contains { $0.rule == "master.variant.attributes" && $0.line == 6 })
        #expect(json.errors.contains("breaks HLS rules"))

        let keys = try await Self.run(["validate", broken.url("keys.m3u8").absoluteString, "--no-reload"])
        #expect(keys.status == 1, "\(keys.output)")
        #expect(keys.output.contains("FAIL [sessionkey.method] \(HLSRule.sessionKeyMethod.sentence)"), "\(keys.output)")
        #expect(keys.output.contains("/video/keyed.m3u8, line 8, segment 11: An EXT-X-KEY has IV=0x1234"), "\(keys.output)")

        let usage = try await Self.run(["validate", "not a url"])
        #expect(usage.status == 2)
    }
}

/// A stream that breaks rules on purpose, served by a tiny responder on 127.0.0.1:0. Its live
/// playlist goes backwards on every second load.
final class BrokenStream: Sendable {
    private let server: HTTPServer
    private let loads = LoadCounter()

    static let master = """
        #EXTM3U
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,URI="audio/missing.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="a",NAME="Svenska",LANGUAGE="sv",DEFAULT=YES,AUTOSELECT=YES,URI="audio/missing.m3u8"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25,AUDIO="a"
        video/high.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=300000,AVERAGE-BANDWIDTH=250000,CODECS="avc1.64001f,mp4a.40.2",AUDIO="a"
        video/low.m3u8

        """

    /// A stream whose keys break the key rules: a session key of METHOD=NONE, one no media
    /// playlist uses, and a live window with a malformed key whose first key tag comes late.
    static let keysMaster = """
        #EXTM3U
        #EXT-X-SESSION-KEY:METHOD=NONE
        #EXT-X-SESSION-KEY:METHOD=AES-128,URI="/keys/elsewhere"
        #EXT-X-STREAM-INF:BANDWIDTH=900000,AVERAGE-BANDWIDTH=800000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=25
        video/keyed.m3u8

        """

    static let keyedLive = """
        #EXTM3U
        #EXT-X-TARGETDURATION:2
        #EXT-X-MEDIA-SEQUENCE:10
        #EXT-X-PROGRAM-DATE-TIME:2026-11-30T12:00:10.000Z
        #EXTINF:2.000,
        seg-10.ts
        #EXT-X-KEY:METHOD=AES-128,URI="/keys/one",IV=0x1234
        #EXTINF:2.000,
        seg-11.ts
        #EXT-X-KEY:METHOD=AES-256,URI="/keys/two",KEYFORMATVERSIONS="1/x"
        #EXTINF:2.000,
        seg-12.ts
        #EXT-X-KEY:METHOD=AES-128
        #EXTINF:2.000,
        seg-13.ts
        #EXTINF:2.000,
        seg-14.ts
        #EXTINF:2.000,
        seg-15.ts

        """

    static func live(first: Int, target: Int, long: Bool) -> String {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:\(target)\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        for sequence in first..<first + 3 {
            let seconds = long && sequence == first + 1 ? "7.000" : "2.000"
            text +=
                "#EXT-X-PROGRAM-DATE-TIME:2026-11-30T12:00:\(String(format: "%02d", sequence % 60)).000Z\n#EXTINF:\(seconds),\nseg-\(sequence).ts\n"
        }
        return text
    }

    init() throws {
        let loads = loads
        server = HTTPServer(
            configuration: .init(host: "127.0.0.1", port: 0),
            responder: ClosureResponder { request in
                let body: String?
                switch request.path {
                case "/broken/master.m3u8": body = BrokenStream.master
                case "/broken/video/high.m3u8": body = BrokenStream.live(first: loads.next() ? 10 : 5, target: 4, long: false)
                case "/broken/video/low.m3u8": body = BrokenStream.live(first: 10, target: 2, long: true)
                case "/broken/keys.m3u8": body = BrokenStream.keysMaster
                case "/broken/video/keyed.m3u8": body = BrokenStream.keyedLive
                default: body = nil
                }
                guard let body else { return HTTPResponse(status: 404) }
                return HTTPResponse(status: 200, headers: ["Content-Type": "application/vnd.apple.mpegurl"], body: Data(body.utf8))
            })
        try server.start()
    }

    deinit { server.stop() }

    func url(_ file: String) -> URL { URL(string: "http://127.0.0.1:\(server.port)/broken/\(file)")! }

    func validator() -> StreamValidator {
        StreamValidator(
            reload: .after(.zero),
            fetch: { url in
                let response = try await HTTP.get(url)
                return (response.status, Array(response.body))
            }, wait: { _ in })
    }
}

/// Answers with a closure.
struct ClosureResponder: HTTPResponder {
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    init(_ answer: @escaping @Sendable (HTTPRequest) -> HTTPResponse) { self.answer = answer }
    func respond(to request: HTTPRequest) -> HTTPResponse { answer(request) }
}

/// True on the first load, false after: the second load of the playlist goes back in sequence.
final class LoadCounter: Sendable {
    private let count = Mutex(0)
    func next() -> Bool {
        count.withLock {
            $0 += 1
            return $0 == 1
        }
    }
}
