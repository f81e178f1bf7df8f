import Testing

@testable import MockPlatform

/// How SSAI titles are laid out: ads and content back to back, breaks on segment boundaries.
@Suite struct SSAITimelineTests {
    let media: MediaManifest

    init() throws { media = try InProcessPlatform().platform.context.catalog.catalog.media }

    private func layout(preroll: [String], midrolls: [(Int64, [String])], contentMs: Int64 = 600_000) -> SSAITimeline {
        SSAITimeline(
            settings: SSAISettings(preroll: preroll, midrolls: midrolls.map { .init(contentOffsetMs: $0.0, ads: $0.1) }),
            contentDurationMs: contentMs, segmentDurationMs: media.segmentDurationMs, media: media)
    }

    @Test func mountainSSAILayout() {
        let timeline = layout(preroll: ["ad-1", "ad-2"], midrolls: [(300_000, ["ad-3"])])
        #expect(
            timeline.clips == [
                .init(kind: .ad("ad-1"), durationMs: 6_000),
                .init(kind: .ad("ad-2"), durationMs: 10_000),
                .init(kind: .content(contentStartMs: 0), durationMs: 300_000),
                .init(kind: .ad("ad-3"), durationMs: 4_000),
                .init(kind: .content(contentStartMs: 300_000), durationMs: 300_000)
            ])
        #expect(timeline.totalDurationMs == 620_000)
    }

    @Test func breaksSnapDownToSegmentsAndAreSorted() {
        let timeline = layout(preroll: [], midrolls: [(401_999, ["ad-1"]), (101_500, ["ad-3"])])
        #expect(
            timeline.clips.map(\.kind) == [
                .content(contentStartMs: 0), .ad("ad-3"), .content(contentStartMs: 100_000), .ad("ad-1"), .content(contentStartMs: 400_000)
            ])
        #expect(timeline.clips.map(\.durationMs) == [100_000, 4_000, 300_000, 6_000, 200_000])
        // Every clip starts on a segment boundary.
        var clock: Int64 = 0
        for clip in timeline.clips {
            #expect(clock % media.segmentDurationMs == 0)
            clock += clip.durationMs
        }
    }

    @Test func breaksOutsideTheContentAndUnknownAdsAreDropped() {
        let timeline = layout(
            preroll: ["no-such-ad"], midrolls: [(0, ["ad-1"]), (600_000, ["ad-2"]), (900_000, ["ad-2"]), (1_000, ["ad-3"])])
        #expect(timeline.clips == [.init(kind: .content(contentStartMs: 0), durationMs: 600_000)])
    }

    @Test func twoBreaksAtTheSameSegmentKeepTheFirst() {
        let timeline = layout(preroll: [], midrolls: [(300_000, ["ad-3"]), (301_000, ["ad-1"])])
        #expect(timeline.clips.filter { if case .ad = $0.kind { true } else { false } }.count == 1)
        #expect(timeline.totalDurationMs == 604_000)
    }
}
