import Clocks
import Testing

@testable import MockPlatform

/// How SSAI titles are laid out: ads and content back to back, breaks on segment boundaries.
@Suite struct SSAITimelineTests {
    let media: MediaManifest

    init() throws { media = try InProcessPlatform().platform.context.catalog.catalog.media }

    private func layout(preroll: [String], midrolls: [(Int64, [String])], contentMs: Int64 = 600_000) -> SSAITimeline {
        SSAITimeline(
            settings: SSAISettings(preroll: preroll, midrolls: midrolls.map { .init(contentOffset: .milliseconds($0.0), ads: $0.1) }),
            contentDuration: .milliseconds(contentMs), segmentDuration: media.segmentDuration, media: media)
    }

    @Test func mountainSSAILayout() {
        let timeline = layout(preroll: ["ad-1", "ad-2"], midrolls: [(300_000, ["ad-3"])])
        #expect(
            timeline.clips == [
                .init(kind: .ad("ad-1"), duration: .milliseconds(6_000)),
                .init(kind: .ad("ad-2"), duration: .milliseconds(10_000)),
                .init(kind: .content(contentStart: .zero), duration: .milliseconds(300_000)),
                .init(kind: .ad("ad-3"), duration: .milliseconds(4_000)),
                .init(kind: .content(contentStart: .milliseconds(300_000)), duration: .milliseconds(300_000))
            ])
        #expect(timeline.totalDuration == .milliseconds(620_000))
    }

    @Test func breaksSnapDownToSegmentsAndAreSorted() {
        let timeline = layout(preroll: [], midrolls: [(401_999, ["ad-1"]), (101_500, ["ad-3"])])
        #expect(
            timeline.clips.map(\.kind) == [
                .content(contentStart: .zero), .ad("ad-3"), .content(contentStart: .milliseconds(100_000)), .ad("ad-1"),
                .content(contentStart: .milliseconds(400_000))
            ])
        #expect(timeline.clips.map(\.duration.wholeMilliseconds) == [100_000, 4_000, 300_000, 6_000, 200_000])
        // Every clip starts on a segment boundary.
        var clock = Duration.zero
        for clip in timeline.clips {
            #expect(clock.wholeMilliseconds % media.segmentDuration.wholeMilliseconds == 0)
            clock += clip.duration
        }
    }

    @Test func breaksOutsideTheContentAndUnknownAdsAreDropped() {
        let timeline = layout(
            preroll: ["no-such-ad"], midrolls: [(0, ["ad-1"]), (600_000, ["ad-2"]), (900_000, ["ad-2"]), (1_000, ["ad-3"])])
        #expect(timeline.clips == [.init(kind: .content(contentStart: .zero), duration: .milliseconds(600_000))])
    }

    @Test func twoBreaksAtTheSameSegmentKeepTheFirst() {
        let timeline = layout(preroll: [], midrolls: [(300_000, ["ad-3"]), (301_000, ["ad-1"])])
        #expect(timeline.clips.filter { if case .ad = $0.kind { true } else { false } }.count == 1)
        #expect(timeline.totalDuration == .milliseconds(604_000))
    }
}
