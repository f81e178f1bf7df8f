import Clocks
import Cryptography
import ExposurePlayback
import Foundation
import HLS
import Testing

/// AES-128 segments in the engine as a value: each key fetched once, before the first segment
/// it opens; segments decrypted (IV from the tag or the media sequence number) before their ID3
/// tags are read; a refused key, a wrong key, an unusable tag or key each end playback.
@Suite struct EncryptedStreamEngineTests {
    static let master = URL(string: "http://test/master.m3u8")!
    static let keyA = [UInt8](repeating: 0x11, count: 16)
    static let keyB = (0..<16).map { UInt8($0 * 7) }
    static let explicitIV = (0..<16).map { UInt8(0xF0 - $0) }

    /// A real transport-stream segment of the fixtures, in the clear.
    static let clearSegment: Data = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? Data(contentsOf: root.appendingPathComponent("Fixtures/media/reel/video/180p/seg-000.ts"))) ?? Data()
    }()

    /// Segment `sequence` in the clear: the fixture segment carrying a TXXX tag naming it.
    static func plaintext(_ sequence: Int) -> Data {
        let tag = TimedID3Tag(offset: .zero, frames: [.txxx(description: "segment", value: "\(sequence)")])
        return TimedMetadataMuxer.segment(clearSegment, carrying: [tag]) ?? Data()
    }

    /// Four segments: 0–1 under key A (IV: the sequence number), 2 under key B with an explicit
    /// IV, 3 in the clear after `METHOD=NONE`.
    static func mediaBody(keyTag: String = #"#EXT-X-KEY:METHOD=AES-128,URI="keys/a?token=t""#) -> Data {
        let iv = "0x" + explicitIV.map { String(format: "%02X", $0) }.joined()
        return Data(
            """
            #EXTM3U
            #EXT-X-TARGETDURATION:2
            #EXT-X-MEDIA-SEQUENCE:0
            \(keyTag)
            #EXTINF:2.000,
            seg-0.ts
            #EXTINF:2.000,
            seg-1.ts
            #EXT-X-KEY:METHOD=AES-128,URI="keys/b?token=t",IV=\(iv)
            #EXTINF:2.000,
            seg-2.ts
            #EXT-X-KEY:METHOD=NONE
            #EXTINF:2.000,
            seg-3.ts
            #EXT-X-ENDLIST

            """.utf8)
    }

    /// How the test's server answers a fetch.
    enum Answer {
        case body(Data)
        case refused(status: Int, body: Data)
        case failed(String)
    }

    /// The stream as the mock would serve it, segments encrypted under `segmentKeyA` for key A.
    static func serve(_ fetch: EngineFetch, segmentKeyA: [UInt8] = keyA, media: Data = mediaBody()) -> Answer {
        switch fetch.kind {
        case .master:
            return .body(Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=320x180\nvideo.m3u8\n".utf8))
        case .mediaPlaylist, .renditionPlaylist:
            return .body(media)
        case .key:
            return .body(Data(fetch.url.path.hasSuffix("/keys/a") ? keyA : keyB))
        case .segment(let sequence, _), .renditionSegment(let sequence, _):
            let clear = plaintext(sequence)
            let encrypted: [UInt8]? =
                switch sequence {
                case 0, 1: try? AES128CBC(key: segmentKeyA, iv: SegmentKey.sequenceIV(sequence)).encrypt(clear)
                case 2: try? AES128CBC(key: keyB, iv: explicitIV).encrypt(clear)
                default: nil
                }
            return .body(encrypted.map { Data($0) } ?? clear)
        }
    }

    /// Plays to the end (or failure), moving time to each deadline; returns the fetches and events.
    /// Each key that arrives is held until `licenseEndsAtMs`, as a download's key is, when given.
    static func play(
        licenseEndsAtMs: Int64? = nil, _ answer: (EngineFetch) -> Answer
    ) -> (engine: HLSEngine, fetches: [EngineFetch], events: [EngineEvent]) {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: master, bufferTarget: .seconds(10)))
        var fetches: [EngineFetch] = []
        var events: [EngineEvent] = []
        var now: Int64 = 0
        for _ in 0..<200 {
            events += engine.handle(.tick(now: WallTime(millisecondsSince1970: now)))
            switch engine.nextStep() {
            case .fetch(let fetch):
                fetches.append(fetch)
                switch answer(fetch) {
                case .body(let body): events += engine.handle(.fetched(id: fetch.id, body: body, elapsed: .zero))
                case .refused(let status, let body): events += engine.handle(.fetchRefused(id: fetch.id, status: status, body: body))
                case .failed(let reason): events += engine.handle(.fetchFailed(id: fetch.id, reason: reason))
                }
                if fetch.kind == .key, let licenseEndsAtMs {
                    events += engine.handle(.licenseEnds(at: WallTime(millisecondsSince1970: licenseEndsAtMs)))
                }
            case .wait(let until?): now = until.millisecondsSince1970
            case .wait(nil), .finished: return (engine, fetches, events)
            }
        }
        return (engine, fetches, events)
    }

    @Test func eachKeyIsFetchedOnceBeforeItsFirstSegmentAndSegmentsAreDecryptedBeforeTheirID3IsRead() throws {
        #expect(!Self.plaintext(0).isEmpty, "the fixture segment takes an ID3 tag")
        let (engine, fetches, events) = Self.play { Self.serve($0) }
        let order = fetches.map { fetch -> String in
            switch fetch.kind {
            case .key: "key \(fetch.url.lastPathComponent)"
            case .segment(let sequence, _): "segment \(sequence)"
            default: fetch.url.lastPathComponent
            }
        }
        #expect(order == ["master.m3u8", "video.m3u8", "key a", "segment 0", "segment 1", "key b", "segment 2", "segment 3"])
        #expect(fetches.first { $0.kind == .key }?.url.query == "token=t", "the key URI as written, token and all")
        #expect(events.last == .completed && engine.phase == .ended, "\(events)")
        let tagged = events.compactMap { event -> String? in
            guard case .timedID3Metadata(let frames) = event, case .txxx(_, let value)? = frames.first else { return nil }
            return value
        }
        #expect(tagged == ["0", "1", "2", "3"], "every segment's tag, read from the decrypted bytes")
    }

    @Test func aSegmentThatDoesNotDecryptUnderItsKeyFailsPlayback() {
        let (engine, _, events) = Self.play { Self.serve($0, segmentKeyA: Self.keyB) }
        guard case .failed(let reason)? = events.last else {
            Issue.record("expected a failure: \(events)")
            return
        }
        #expect(reason.contains("segment 0 could not be decrypted"), "\(reason)")
        #expect(engine.phase == .failed)
    }

    @Test func aRefusedKeyEndsPlaybackWithTheServersMessage() {
        let body = Data(#"{"httpCode":403,"message":"NOT_ENTITLED","extendedMessage":"The program p is blacked out."}"#.utf8)
        var segmentsFetched = 0
        let (engine, fetches, events) = Self.play { fetch in
            if case .segment = fetch.kind { segmentsFetched += 1 }
            return fetch.kind == .key && fetch.url.path.hasSuffix("/keys/b") ? .refused(status: 403, body: body) : Self.serve(fetch)
        }
        let message = ExposureErrorMessage(httpCode: 403, message: "NOT_ENTITLED", extendedMessage: "The program p is blacked out.")
        #expect(events.contains(.keyRefused(message, programDateTime: nil)), "\(events)")
        #expect(!events.contains { if case .failed = $0 { true } else { false } }, "reported once, as the refusal")
        #expect(engine.phase == .failed && segmentsFetched == 2, "no segment of the refused key is fetched")
        #expect(fetches.filter { $0.kind == .key }.count == 2, "a refusal is not retried")
    }

    /// A downloaded key's license that runs out mid-play ends playback there, as a refusal with
    /// `LICENSE_EXPIRED`: the engine wakes at the deadline with everything buffered (no polling),
    /// and the playhead stops at it. A license that outlasts the stream changes nothing.
    @Test func aLicenseThatRunsOutMidPlayEndsPlaybackAtItsDeadline() {
        let (engine, fetches, events) = Self.play(licenseEndsAtMs: 3_000) { Self.serve($0) }
        let expired = ExposureErrorMessage(
            httpCode: 403, message: "LICENSE_EXPIRED", extendedMessage: "the offline license ran out during playback")
        #expect(events.last == .keyRefused(expired, programDateTime: nil), "\(events)")
        #expect(events.filter { if case .keyRefused = $0 { true } else { false } }.count == 1)
        #expect(!events.contains(.completed) && engine.phase == .failed)
        #expect(engine.playhead == .seconds(3), "the playhead stops where the license ran out")
        #expect(fetches.filter { if case .segment = $0.kind { true } else { false } }.count == 4, "all was buffered before")

        let (lasting, _, lastingEvents) = Self.play(licenseEndsAtMs: 60_000) { Self.serve($0) }
        #expect(lastingEvents.last == .completed && lasting.phase == .ended, "\(lastingEvents)")
    }

    /// A key whose license is already over when it arrives (the player's clock at or past its
    /// end) ends playback as the key is handed over, with `LICENSE_EXPIRED`: not at the engine's
    /// next tick, and no segment it opens is fetched.
    @Test(arguments: [Int64(5_000), 4_000])
    func aLicenseAlreadyOverWhenItsKeyArrivesEndsPlaybackAtOnce(endsAtMs: Int64) {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Self.master, bufferTarget: .seconds(10)))
        _ = engine.handle(.tick(now: WallTime(millisecondsSince1970: 5_000)))
        var key: EngineFetch?
        while key == nil, case .fetch(let fetch) = engine.nextStep() {
            guard fetch.kind != .key, case .body(let body) = Self.serve(fetch) else {
                key = fetch
                break
            }
            _ = engine.handle(.fetched(id: fetch.id, body: body, elapsed: .zero))
        }
        guard let key, key.kind == .key else {
            Issue.record("the key is fetched before any segment")
            return
        }
        _ = engine.handle(.fetched(id: key.id, body: Data(Self.keyA), elapsed: .zero))

        let events = engine.handle(.licenseEnds(at: WallTime(millisecondsSince1970: endsAtMs)))

        let expired = ExposureErrorMessage(
            httpCode: 403, message: "LICENSE_EXPIRED", extendedMessage: "the offline license ran out during playback")
        #expect(events == [.keyRefused(expired, programDateTime: nil)], "\(events)")
        #expect(engine.phase == .failed && engine.playhead == .zero)
        #expect(engine.nextStep() == .finished, "no segment of the key is fetched")
    }

    /// A 5xx and the temporary 408 and 429 are ridden out; a failure every time ends playback.
    @Test(arguments: [503, 408, 429]) func aKeyFetchThatFailsIsRetriedThenEndsPlayback(status: Int) {
        var attempts = 0
        let (engine, _, events) = Self.play { fetch in
            guard fetch.kind == .key else { return Self.serve(fetch) }
            attempts += 1
            return attempts == 1 ? .refused(status: status, body: Data()) : Self.serve(fetch)
        }
        #expect(events.last == .completed && engine.phase == .ended, "one \(status) is ridden out: \(events)")
        let (failed, _, failedEvents) = Self.play { $0.kind == .key ? .failed("connection refused") : Self.serve($0) }
        #expect(failed.phase == .failed)
        guard case .failed(let reason)? = failedEvents.last else {
            Issue.record("\(failedEvents)")
            return
        }
        #expect(reason.contains("connection refused"))
    }

    /// A key fetch that failed is asked again only once the engine's clock has passed the pause:
    /// half the target duration (1 s of this 2 s playlist), then the whole target duration.
    @Test func aFailedKeyIsAskedAgainOnlyAfterAPauseOnTheEnginesClock() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Self.master, bufferTarget: .seconds(10)))
        _ = engine.handle(.tick(now: WallTime(millisecondsSince1970: 0)))
        /// The next step at `nowMs`, answering playlists as the stream's server would.
        func step(atMs nowMs: Int64) -> EngineStep {
            _ = engine.handle(.tick(now: WallTime(millisecondsSince1970: nowMs)))
            while case .fetch(let fetch) = engine.nextStep() {
                guard fetch.kind != .master, fetch.kind != .mediaPlaylist(variant: 0) else {
                    guard case .body(let body) = Self.serve(fetch) else { return .finished }
                    _ = engine.handle(.fetched(id: fetch.id, body: body, elapsed: .zero))
                    continue
                }
                return .fetch(fetch)
            }
            return engine.nextStep()
        }
        guard case .fetch(let first) = step(atMs: 0), first.kind == .key else {
            Issue.record("the key is fetched first")
            return
        }
        _ = engine.handle(.fetchRefused(id: first.id, status: 503, body: Data()))
        #expect(step(atMs: 0) == .wait(until: WallTime(millisecondsSince1970: 1_000)), "no retry at once")
        #expect(step(atMs: 999) == .wait(until: WallTime(millisecondsSince1970: 1_000)), "nor before the pause is over")
        guard case .fetch(let second) = step(atMs: 1_000), second.kind == .key, second.url == first.url else {
            Issue.record("the key is asked again once the pause is over")
            return
        }
        _ = engine.handle(.fetchFailed(id: second.id, reason: "connection reset"))
        #expect(step(atMs: 2_999) == .wait(until: WallTime(millisecondsSince1970: 3_000)), "the second pause is the target duration")
        guard case .fetch(let third) = step(atMs: 3_000), third.kind == .key else {
            Issue.record("the key is asked a third time after the second pause")
            return
        }
        _ = engine.handle(.fetched(id: third.id, body: Data(Self.keyA), elapsed: .zero))
        guard case .fetch(let segment) = step(atMs: 3_000), case .segment(sequence: 0, _) = segment.kind else {
            Issue.record("with its key, segment 0 comes next")
            return
        }
        #expect(engine.keyRetryAt == nil, "a key that arrived clears the pause")
    }

    /// A key tag the engine cannot use, or one that is malformed, fails playback as a playlist
    /// error (the parser's typed ``HLSParseError``) before any segment is fetched; never a crash.
    @Test(arguments: [
        #"#EXT-X-KEY:METHOD=SAMPLE-AES,URI="keys/a""#, #"#EXT-X-KEY:METHOD=AES-128"#, #"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x12"#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="skd://k",KEYFORMAT="com.apple.streamingkeydelivery""#,
        // Malformed: no attributes, an unterminated quote, an IV of 32 digits that are not hex,
        // an empty URI, NONE with a URI, an attribute list of separators only.
        "#EXT-X-KEY:", #"#EXT-X-KEY:METHOD=AES-128,URI="keys/a"#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0xZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"#,
        #"#EXT-X-KEY:METHOD=AES-128,URI="""#, #"#EXT-X-KEY:METHOD=NONE,URI="k""#, "#EXT-X-KEY:,=,="
    ])
    func anUnusableKeyTagIsAPlaylistError(tag: String) {
        let (engine, fetches, events) = Self.play { Self.serve($0, media: Self.mediaBody(keyTag: tag)) }
        guard case .failed(let reason)? = events.last else {
            Issue.record("\(events)")
            return
        }
        #expect(reason.hasPrefix("media playlist:") && reason.contains("EXT-X-KEY"), "\(reason)")
        #expect(engine.phase == .failed && !fetches.contains { if case .segment = $0.kind { true } else { false } })
    }

    @Test func aKeyOfTheWrongLengthFailsPlayback() {
        let (engine, _, events) = Self.play { $0.kind == .key ? .body(Data(count: 15)) : Self.serve($0) }
        guard case .failed(let reason)? = events.last else {
            Issue.record("\(events)")
            return
        }
        #expect(reason.contains("15 bytes, not 16") && engine.phase == .failed)
    }

    @Test func theKeyRingKeepsTheMostRecentKeys() {
        var ring = KeyRing()
        let urls = (0...KeyRing.capacity).map { URL(string: "http://test/keys/\($0)")! }
        for (index, url) in urls.enumerated() { ring.store([UInt8](repeating: UInt8(index), count: 16), at: url) }
        #expect(ring.key(at: urls[0]) == nil, "the oldest is dropped")
        #expect(ring.key(at: urls[KeyRing.capacity]) == [UInt8](repeating: UInt8(KeyRing.capacity), count: 16))
    }
}
