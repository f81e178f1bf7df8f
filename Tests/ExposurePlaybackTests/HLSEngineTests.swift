import Clocks
import ExposurePlayback
import Foundation
import HLS
import Testing

/// The engine as a plain value: synthetic playlists in, events and steps out, no I/O.
@Suite struct HLSEngineTests {
    static let master = URL(string: "http://test/master.m3u8")!

    static func masterBody() -> Data {
        Data(
            """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=200000,RESOLUTION=320x180
            low.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360
            high.m3u8
            """.utf8)
    }

    static func mediaBody(first: Int, count: Int, endList: Bool, gap: Int? = nil) -> Data {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:\(first)\n"
        for sequence in first..<(first + count) {
            let date = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_700_000_000 + Double(sequence) * 2))
            if sequence == gap { text += "#EXT-X-GAP\n" }
            text += "#EXT-X-PROGRAM-DATE-TIME:\(date)\n#EXTINF:2.000,\nseg-\(sequence).ts\n"
        }
        if endList { text += "#EXT-X-ENDLIST\n" }
        return Data(text.utf8)
    }

    /// Runs steps until the engine waits, answering fetches with `respond`, at time `now`.
    static func pump(_ engine: inout HLSEngine, now: Int64, events: inout [EngineEvent], respond: (EngineFetch) -> Data) -> EngineStep {
        events += engine.handle(.tick(now: WallTime(millisecondsSince1970: now)))
        while true {
            let step = engine.nextStep()
            guard case .fetch(let fetch) = step else { return step }
            events += engine.handle(.fetched(id: fetch.id, body: respond(fetch), elapsed: .zero))
        }
    }

    static func vodResponder(_ fetch: EngineFetch) -> Data {
        switch fetch.kind {
        case .master: masterBody()
        case .mediaPlaylist, .renditionPlaylist: mediaBody(first: 0, count: 30, endList: true)
        case .segment, .renditionSegment, .key: Data(count: 50_000)
        }
    }

    @Test func vodLoadsPlaysAndCompletes() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Self.master, bufferTarget: .seconds(10)))
        var events: [EngineEvent] = []
        var step = Self.pump(&engine, now: 0, events: &events, respond: Self.vodResponder)
        #expect(events.contains(.prepared) && events.contains(.ready) && events.contains(.started))
        #expect(engine.duration == .seconds(60))
        // Buffer target reached: it waits for room in the buffer.
        #expect(engine.bufferedRange == .zero ... .seconds(10))
        var now: Int64 = 0
        while case .wait(let until?) = step {
            now = until.millisecondsSince1970
            step = Self.pump(&engine, now: now, events: &events, respond: Self.vodResponder)
        }
        #expect(step == .finished)
        #expect(events.last == .completed)
        #expect(now == 60_000)
        #expect(!events.contains(.bufferingStarted))
    }

    @Test func stallWhenTheBufferRunsDryThenResume() {
        var engine = HLSEngine(
            configuration: EngineConfiguration(masterURL: Self.master, bufferTarget: .seconds(4), resumeThreshold: .seconds(4)))
        var events: [EngineEvent] = []
        _ = Self.pump(&engine, now: 0, events: &events, respond: Self.vodResponder)
        // Time passes with nothing fetched: the playhead eats the 4 s buffer and stalls.
        events += engine.handle(.tick(now: WallTime(millisecondsSince1970: 6_000)))
        #expect(engine.playhead == .seconds(4))
        #expect(events.last == .bufferingStarted)
        _ = Self.pump(&engine, now: 6_000, events: &events, respond: Self.vodResponder)
        #expect(events.last == .bufferingStopped)
    }

    @Test func seekDuringAFetchDiscardsTheStaleAnswer() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Self.master, bufferTarget: .seconds(4)))
        var events: [EngineEvent] = []
        _ = Self.pump(&engine, now: 0, events: &events, respond: Self.vodResponder)
        // Once the playhead has eaten into the buffer, the engine fetches again.
        events += engine.handle(.tick(now: WallTime(millisecondsSince1970: 1_000)))
        guard case .fetch(let pending) = engine.nextStep() else {
            Issue.record("expected a fetch")
            return
        }
        events += engine.handle(.command(.seekToPosition(.milliseconds(41_000))))
        #expect(events.last == .seeked(position: .milliseconds(41_000)))
        // The answer to the pre-seek fetch changes nothing.
        let stale = engine.handle(.fetched(id: pending.id, body: Data(count: 10), elapsed: .zero))
        #expect(stale.isEmpty)
        #expect(engine.bufferedRange == .seconds(40) ... .seconds(40))
        guard case .fetch(let next) = engine.nextStep(), case .segment(let sequence, _) = next.kind else {
            Issue.record("expected a segment fetch")
            return
        }
        #expect(sequence == 20)
    }

    @Test func liveReloadsAtTargetDurationAndFollowsTheWindow() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Self.master))
        var events: [EngineEvent] = []
        var first = 100
        let live: (EngineFetch) -> Data = { fetch in
            switch fetch.kind {
            case .master: Self.masterBody()
            case .mediaPlaylist, .renditionPlaylist: Self.mediaBody(first: first, count: 10, endList: false)
            case .segment, .renditionSegment, .key: Data(count: 10)
            }
        }
        let step = Self.pump(&engine, now: 0, events: &events, respond: live)
        #expect(engine.isLive && engine.duration == nil)
        // Three target durations behind the newest segment's end.
        #expect(engine.playhead == .seconds(20) - .seconds(6))
        #expect(step == .wait(until: WallTime(millisecondsSince1970: 2_000)))
        first = 101
        _ = Self.pump(&engine, now: 2_000, events: &events, respond: live)
        #expect(engine.seekableRange == .seconds(2) ... .seconds(16))
        #expect(engine.playheadTime.map { $0 - WallTime(millisecondsSince1970: 1_700_000_000_000) } == .seconds(216))
    }

    @Test func seekOutsideTheSeekableRangeWarnsAndLandsAtTheEdge() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Self.master, bufferTarget: .seconds(10)))
        var events: [EngineEvent] = []
        _ = Self.pump(&engine, now: 0, events: &events, respond: Self.vodResponder)
        events = engine.handle(.command(.seekToPosition(.milliseconds(90_000))))
        #expect(events.first == .seekOutsideRange(.position(.seconds(90), seekable: .zero ... .seconds(60))))
        #expect(events.contains(.seeked(position: .milliseconds(60_000))))
        events = engine.handle(.command(.seekToPosition(.milliseconds(30_000))))
        #expect(!events.contains { if case .seekOutsideRange = $0 { true } else { false } })
    }

    @Test func bitrateCapHolds() {
        var selector = BitrateSelector(
            variants: [.init(uri: "a", bandwidth: 200_000), .init(uri: "b", bandwidth: 800_000)], capBitsPerSecond: 500_000)
        selector.record(bytes: 10_000_000, elapsed: .milliseconds(1), duration: .seconds(2))
        #expect(selector.choice() == 0)
        let uncapped = BitrateSelector(variants: selector.variants, capBitsPerSecond: nil)
        var fast = uncapped
        fast.record(bytes: 1_000_000, elapsed: .seconds(1), duration: .seconds(2))
        #expect(fast.choice() == 1)
        for _ in 0..<6 { fast.record(bytes: 10_000, elapsed: .seconds(1), duration: .seconds(2)) }
        #expect(fast.choice() == 0)
    }

    /// The wish to play, given before ready, decides what ready does; started comes once.
    @Test(arguments: [(true, false, false), (false, true, true), (true, true, false)])
    func playAndPauseBeforeReadyDecideTheStart(autoplay: Bool, playEarly: Bool, pauseAfterPlay: Bool) {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Self.master, autoplay: autoplay, bufferTarget: .seconds(10)))
        var events: [EngineEvent] = []
        if playEarly { events += engine.handle(.command(.play)) }
        if pauseAfterPlay { events += engine.handle(.command(.pause)) }
        _ = Self.pump(&engine, now: 0, events: &events, respond: Self.vodResponder)
        let playing = (autoplay || playEarly) && !pauseAfterPlay
        #expect(engine.phase == (playing ? .playing : .ready))
        #expect(events.filter { $0 == .started }.count == (playing ? 1 : 0))
        events += engine.handle(.command(.play))
        events += engine.handle(.command(.pause))
        events += engine.handle(.command(.play))
        #expect(events.filter { $0 == .started }.count == 1)
        #expect(engine.phase == .playing)
    }
}
