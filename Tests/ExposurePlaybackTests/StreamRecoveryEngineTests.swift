import Clocks
import ExposurePlayback
import Foundation
import HLS
import Testing

/// The engine riding out a misbehaving stream, as a value on virtual time: retries, failover,
/// skipped segments and gaps, stale and jumping live playlists.
@Suite struct StreamRecoveryEngineTests {
    typealias Base = HLSEngineTests

    /// Runs the engine until it finishes or the clock reaches `untilMs`, answering fetches with
    /// `respond` (nil: the fetch fails) and following its waits; returns the fetches made.
    @discardableResult
    static func run(
        _ engine: inout HLSEngine, from startMs: Int64 = 0, untilMs: Int64, events: inout [EngineEvent],
        respond: (EngineFetch, Int64) -> Data?
    ) -> [EngineFetch] {
        var fetched: [EngineFetch] = []
        var now = startMs
        events += engine.handle(.tick(now: WallTime(millisecondsSince1970: now)))
        while now <= untilMs {
            switch engine.nextStep() {
            case .finished: return fetched
            case .fetch(let fetch):
                fetched.append(fetch)
                if let body = respond(fetch, now) {
                    events += engine.handle(.fetched(id: fetch.id, body: body, elapsed: .zero))
                } else {
                    events += engine.handle(.fetchFailed(id: fetch.id, reason: "HTTP 404"))
                }
            case .wait(let until):
                guard let until else { return fetched }
                now = max(now + 1, until.millisecondsSince1970)
                events += engine.handle(.tick(now: WallTime(millisecondsSince1970: now)))
            }
        }
        return fetched
    }

    static func warnings(_ events: [EngineEvent]) -> [StreamWarning] {
        events.compactMap { if case .warning(let warning) = $0 { warning } else { nil } }
    }

    static func vod(_ fetch: EngineFetch) -> Data? {
        switch fetch.kind {
        case .master: Base.masterBody()
        case .mediaPlaylist, .renditionPlaylist: Base.mediaBody(first: 0, count: 30, endList: true)
        case .segment, .renditionSegment, .key: Data(count: 50_000)
        }
    }

    @Test func aFailingSegmentIsRetriedFailsOverThenIsSkippedAndTheFailedVariantComesBack() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Base.master, bufferTarget: .seconds(10)))
        var events: [EngineEvent] = []
        let fetched = Self.run(&engine, untilMs: 200_000, events: &events) { fetch, _ in
            if case .segment(5, _) = fetch.kind { return nil }
            return Self.vod(fetch)
        }
        let attempts = fetched.filter { if case .segment(5, _) = $0.kind { true } else { false } }
        #expect(
            attempts.map { if case .segment(_, let variant) = $0.kind { variant } else { -1 } } == [1, 1, 0], "retry, failover, give up")
        let warnings = Self.warnings(events)
        #expect(warnings.first == .renditionFailover(fromBitrate: 800_000, toBitrate: 200_000, reason: "HTTP 404"))
        #expect(warnings.contains(.segmentSkipped(sequence: 5, reason: "HTTP 404")))
        #expect(!events.contains { if case .failed = $0 { true } else { false } })
        #expect(events.last == .completed)
        let switches = events.compactMap { if case .bitrateChanged(let bitrate) = $0 { bitrate } else { nil } }
        #expect(switches.suffix(2) == [200_000, 800_000], "down by the failover, back up once the penalty is over")
        #expect(fetched.filter { if case .segment(6, _) = $0.kind { true } else { false } }.count == 1, "the next segment plays")
    }

    @Test func segmentsSkippedThreeInARowEndPlayback() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Base.master, bufferTarget: .seconds(10)))
        var events: [EngineEvent] = []
        Self.run(&engine, untilMs: 200_000, events: &events) { fetch, _ in
            if case .segment(let sequence, _) = fetch.kind, sequence >= 4 { return nil }
            return Self.vod(fetch)
        }
        #expect(Self.warnings(events).filter { if case .segmentSkipped = $0 { true } else { false } }.count == 3)
        #expect(events.last == .failed(reason: "3 segments in a row could not be fetched (segment 6 skipped: HTTP 404)"))
    }

    @Test func aMissingFileOfADownloadedPackageFailsAtOnce() {
        let master = URL(fileURLWithPath: "/package/master.m3u8")
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: master, bufferTarget: .seconds(10)))
        var events: [EngineEvent] = []
        let fetched = Self.run(&engine, untilMs: 200_000, events: &events) { fetch, _ in
            if case .segment(2, _) = fetch.kind { return nil }
            return Self.vod(fetch)
        }
        #expect(fetched.filter { if case .segment(2, _) = $0.kind { true } else { false } }.count == 1, "no retry")
        #expect(events.last == .failed(reason: "seg-2.ts: HTTP 404"))
    }

    @Test func aGapIsSkippedWithoutARequest() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Base.master, bufferTarget: .seconds(10)))
        var events: [EngineEvent] = []
        let fetched = Self.run(&engine, untilMs: 200_000, events: &events) { fetch, _ in
            if case .mediaPlaylist = fetch.kind { return Base.mediaBody(first: 0, count: 30, endList: true, gap: 3) }
            return Self.vod(fetch)
        }
        #expect(!fetched.contains { if case .segment(3, _) = $0.kind { true } else { false } })
        #expect(Self.warnings(events) == [.gapSkipped(sequence: 3)])
        #expect(events.last == .completed)
    }

    /// A live playlist of 10 segments whose window starts at `first(now)`.
    static func live(first: @escaping (Int64) -> Int) -> (EngineFetch, Int64) -> Data? {
        { fetch, now in
            switch fetch.kind {
            case .master: Base.masterBody()
            case .mediaPlaylist, .renditionPlaylist: Base.mediaBody(first: first(now), count: 10, endList: false)
            case .segment, .renditionSegment, .key: Data(count: 10)
            }
        }
    }

    @Test func aStaleLivePlaylistIsReloadedEveryHalfTargetDurationWithAWarningThenFailsAtTheLimit() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Base.master, stalePlaylistLimit: .seconds(20)))
        var events: [EngineEvent] = []
        // Moves with time until 10 s, then stops.
        let fetched = Self.run(&engine, untilMs: 60_000, events: &events, respond: Self.live { 100 + Int(min($0, 10_000) / 2_000) })
        let reloads = fetched.filter { if case .mediaPlaylist = $0.kind { true } else { false } }.count
        #expect(Self.warnings(events).count == 1)
        guard case .playlistStale = Self.warnings(events).first else {
            Issue.record("expected a stale warning")
            return
        }
        #expect(events.last == .failed(reason: "the live playlist has not changed for 20 s"))
        #expect(reloads >= 20 / 1 + 5, "every half target duration (1 s) while stale")
    }

    @Test func aPlaylistThatMovesAgainBeforeTheLimitPlaysOn() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Base.master))
        var events: [EngineEvent] = []
        // Stuck from 10 s to 20 s, then moving again.
        Self.run(
            &engine, untilMs: 60_000, events: &events,
            respond: Self.live { now in
                now < 10_000 ? 100 + Int(now / 2_000) : now < 20_000 ? 105 : 105 + Int((now - 20_000) / 2_000)
            })
        #expect(Self.warnings(events).count == 1)
        #expect(!events.contains { if case .failed = $0 { true } else { false } })
        #expect(engine.phase == .playing)
    }

    @Test func aMediaSequenceJumpIsADiscontinuityAndPlaybackGoesOn() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Base.master))
        var events: [EngineEvent] = []
        let fetched = Self.run(
            &engine, untilMs: 40_000, events: &events,
            respond: Self.live { now in
                100 + Int(now / 2_000) + (now >= 10_000 ? 1_000 : 0)
            })
        let warnings = Self.warnings(events)
        #expect(warnings.count == 1)
        guard case .mediaSequenceJump(_, let to) = warnings.first else {
            Issue.record("expected a jump warning, got \(warnings)")
            return
        }
        #expect(to > 1_100)
        let lastSegment = fetched.compactMap { if case .segment(let sequence, _) = $0.kind { sequence } else { nil } }.last ?? 0
        #expect(lastSegment > 1_100, "fetching goes on in the new numbering")
        #expect(engine.phase == .playing)
    }

    @Test func aFailingVariantPlaylistFailsOverToTheNearestOther() {
        var engine = HLSEngine(configuration: EngineConfiguration(masterURL: Base.master, bufferTarget: .seconds(10)))
        var events: [EngineEvent] = []
        Self.run(&engine, untilMs: 200_000, events: &events) { fetch, _ in
            if fetch.url.lastPathComponent == "high.m3u8" { return nil }
            return Self.vod(fetch)
        }
        #expect(Self.warnings(events).first == .renditionFailover(fromBitrate: 800_000, toBitrate: 200_000, reason: "HTTP 404"))
        #expect(events.last == .completed)
    }
}
