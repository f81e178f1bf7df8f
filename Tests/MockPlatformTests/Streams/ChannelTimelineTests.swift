import Clocks
import Testing

@testable import MockPlatform

/// The live timeline as a pure function of the sequence number: what each segment plays,
/// where the discontinuities are, and the O(1) discontinuity count against a brute-force one.
@Suite struct ChannelTimelineTests {
    let loaded: LoadedCatalog
    let news: ChannelTimeline

    init() throws {
        loaded = try InProcessPlatform().platform.context.catalog
        news = try #require(loaded.channelTimelines["news-24"])
    }

    private var segmentMs: Int64 { loaded.catalog.media.segmentDuration.wholeMilliseconds }

    /// The news-24 program airing at 2026-11-30T12:00Z and its first segment.
    private func program(on channel: String = "news-24", atMs ms: Int64 = 1_796_040_000_000) -> (ScheduledProgram, Int) {
        let program = loaded.schedules[channel]!.program(at: WallTime(millisecondsSince1970: ms))
        return (program, Int(program.start.millisecondsSince1970 / segmentMs))
    }

    @Test func sourcesAroundAnAdBreak() {
        let (_, first) = program()
        // news-24: the break starts 10 minutes in and plays ad-1 (3 segments), then ad-3 (2).
        let breakStart = first + 300
        #expect(news.segment(breakStart - 1).source == SegmentSource(clip: .reel, index: (breakStart - 1) % 30))
        let expected: [SegmentSource] = [
            .init(clip: .ad("ad-1"), index: 0), .init(clip: .ad("ad-1"), index: 1), .init(clip: .ad("ad-1"), index: 2),
            .init(clip: .ad("ad-3"), index: 0), .init(clip: .ad("ad-3"), index: 1)
        ]
        #expect((breakStart..<breakStart + 5).map { news.segment($0).source } == expected)
        #expect(news.segment(breakStart + 5).source == SegmentSource(clip: .reel, index: (breakStart + 5) % 30))
        #expect(news.segment(breakStart).start.millisecondsSince1970 == Int64(breakStart) * segmentMs)
    }

    @Test func discontinuitiesSitAtClipChangesAndReelWraps() {
        let (_, first) = program()
        let breakStart = first + 300
        let tagged = (first..<first + 400).filter { news.segment($0).discontinuity }
        // Reel wraps every 30 segments (the break start coincides with one), the ad-1 → ad-3
        // switch, and the return to the reel after the break.
        let expected = Set(
            (first..<first + 400).filter { sequence in
                if sequence == breakStart || sequence == breakStart + 3 || sequence == breakStart + 5 { return true }
                let inBreak = sequence >= breakStart && sequence < breakStart + 5
                return !inBreak && sequence % 30 == 0
            })
        #expect(Set(tagged) == expected)
        #expect(tagged.contains(breakStart + 3))
        #expect(!tagged.contains(breakStart + 1))
    }

    @Test(arguments: ["news-24", "kids-fun", "sport-max"])
    func discontinuityCountMatchesBruteForce(channel: String) throws {
        let timeline = try #require(loaded.channelTimelines[channel])
        let now = Int(1_796_040_000_000 / segmentMs)
        // Around zero (negative sequences included), and long spans around "now" crossing
        // period boundaries, ad breaks and reel wraps.
        for range in [-9_000..<9_000, (now - 12_000)..<(now + 12_000)] {
            var count = timeline.discontinuities(before: range.lowerBound)
            var firstMismatch: Int?
            for sequence in range {
                if firstMismatch == nil, timeline.discontinuities(before: sequence) != count { firstMismatch = sequence }
                if timeline.segment(sequence).discontinuity { count += 1 }
            }
            #expect(firstMismatch == nil, "discontinuities(before:) differs from the running count at \(firstMismatch ?? 0)")
            #expect(timeline.discontinuities(before: range.upperBound) == count)
        }
        // Absolute: counted from segment 0 over a whole timeline period and then some.
        let span = 3 * 5_400
        let counted = (0..<span).filter { timeline.segment($0).discontinuity }.count
        #expect(timeline.discontinuities(before: span) == counted)
        #expect(timeline.discontinuities(before: 0) == 0)
    }

    @Test func sequenceAtNegativeInstantsRoundsDown() {
        #expect(news.sequence(at: WallTime(millisecondsSince1970: 0)) == 0)
        #expect(news.sequence(at: WallTime(millisecondsSince1970: 1_999)) == 0)
        #expect(news.sequence(at: WallTime(millisecondsSince1970: 2_000)) == 1)
        #expect(news.sequence(at: WallTime(millisecondsSince1970: -1)) == -1)
        #expect(news.sequence(at: WallTime(millisecondsSince1970: -2_000)) == -1)
        #expect(news.sequence(at: WallTime(millisecondsSince1970: -2_001)) == -2)
    }

    @Test func dateRangesOfAWindow() {
        let (program, first) = program()
        let breakStartMs = program.start.millisecondsSince1970 + 600_000
        let breakEndMs = breakStartMs + 10_000
        let fromMs = Int64(first) * segmentMs
        // Live edge inside the break: the break is open.
        let open = news.dateRanges(
            from: WallTime(millisecondsSince1970: fromMs), to: WallTime(millisecondsSince1970: breakStartMs + 4_000),
            liveEdge: WallTime(millisecondsSince1970: breakStartMs + 4_000))
        #expect(open.map(\.id) == [program.programId, "ad-\(program.programId)"])
        #expect(
            open[1].isClosed == false && open[1].start.millisecondsSince1970 == breakStartMs
                && open[1].end.millisecondsSince1970 == breakEndMs)
        #expect(
            open[0].start.millisecondsSince1970 == program.start.millisecondsSince1970
                && open[0].end.millisecondsSince1970 == program.end.millisecondsSince1970)
        // Once the live edge passes the break's end it is closed.
        let closed = news.dateRanges(
            from: WallTime(millisecondsSince1970: fromMs), to: WallTime(millisecondsSince1970: breakEndMs),
            liveEdge: WallTime(millisecondsSince1970: breakEndMs))
        #expect(closed[1].isClosed)
        // Before the break started it is not announced.
        #expect(
            news.dateRanges(
                from: WallTime(millisecondsSince1970: fromMs), to: WallTime(millisecondsSince1970: breakStartMs),
                liveEdge: WallTime(millisecondsSince1970: breakStartMs)
            ).count == 1)
    }
}
