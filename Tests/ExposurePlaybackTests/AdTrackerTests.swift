import Exposure
import ExposurePlayback
import Testing

/// The ad tracker as a value: playhead positions in, beacons and events out.
@Suite struct AdTrackerTests {
    /// A 4-s pre-roll, 100 s of content, a 8-s mid-roll, then 100 s more.
    static let entitlement: PlaybackEntitlement = {
        func ad(_ name: String, _ duration: Int64) -> AdClip {
            AdClip(
                category: "ad", duration: duration, impressionUrlTemplates: ["http://ads/\(name)/impression"],
                trackingEvents: AdClip.TrackingEvents(
                    start: ["http://ads/\(name)/start"], firstQuartile: ["http://ads/\(name)/q1"], midpoint: ["http://ads/\(name)/mid"],
                    thirdQuartile: ["http://ads/\(name)/q3"], complete: ["http://ads/\(name)/complete"]))
        }
        let content = AdClip(category: "vod", duration: 100_000)
        return PlaybackEntitlement(
            playSessionId: "p", playTokenExpiration: 0, productId: "x", streamInfo: StreamInfo(live: false, static: true, ssai: true),
            ads: Ads(stitcher: "NOWTILUS", clips: [ad("pre", 4_000), content, ad("mid", 8_000), content]))
    }()

    static func tracker() throws -> AdTracker { AdTracker(timeline: try #require(AdTimeline(entitlement))) }

    static func names(_ update: AdTracker.Update) -> [String] {
        update.events.map(\.name)
    }

    @Test func naturalPlaybackFiresEachBeaconOnceInOrder() throws {
        var tracker = try Self.tracker()
        tracker.begin(at: .zero)
        var beacons: [String] = []
        var events: [String] = []
        for position in stride(from: Int64(0), through: 220_000, by: 500) {
            let update = tracker.follow(to: .milliseconds(position))
            beacons += update.beacons
            events += Self.names(update)
        }
        let milestones = ["impression", "start", "q1", "mid", "q3", "complete"]
        #expect(beacons == ["pre", "mid"].flatMap { ad in milestones.map { "http://ads/\(ad)/\($0)" } })
        let clip = ["willPresentInterstitial", "clipStarted", "clipEnded", "didPresentInterstitial"]
        #expect(events == clip + clip)
        #expect(tracker.presenting == nil)
    }

    /// A sped-up clock: the first look comes after the playhead has moved into the pre-roll.
    @Test func aLateFirstLookStillTracksThePreRollFromTheStart() throws {
        var tracker = try Self.tracker()
        tracker.begin(at: .zero)
        let update = tracker.follow(to: .milliseconds(2_500))
        #expect(update.beacons == ["http://ads/pre/impression", "http://ads/pre/start", "http://ads/pre/q1", "http://ads/pre/mid"])
        #expect(Self.names(update) == ["willPresentInterstitial", "clipStarted"])
        #expect(tracker.presenting == 0)
    }

    @Test func aSeekOverAnUnwatchedBreakAsksToPlayItThenGoesOn() throws {
        var tracker = try Self.tracker()
        tracker.begin(at: .zero)
        _ = tracker.follow(to: .milliseconds(5_000))
        let seek = tracker.seeked(to: .milliseconds(150_000))
        #expect(seek.events.count == 1)
        guard case .serverSideAdShouldSkip(let breakStart)? = seek.events.first else {
            Issue.record("\(seek.events)")
            return
        }
        #expect(breakStart == 104_000)
        _ = tracker.seeked(to: .milliseconds(breakStart))
        var resume: [PlayerEvent] = []
        for position in stride(from: breakStart, through: 112_000, by: 1_000) {
            resume += tracker.follow(to: .milliseconds(position)).events
        }
        guard case .serverSideAdShouldSkip(let target)? = resume.last else {
            Issue.record("\(resume)")
            return
        }
        #expect(target == 150_000)
    }

    @Test func aWatchedBreakIsSkippedOncePerEntry() throws {
        var tracker = try Self.tracker()
        tracker.begin(at: .zero)
        for position in stride(from: Int64(0), through: 5_000, by: 1_000) { _ = tracker.follow(to: .milliseconds(position)) }
        _ = tracker.seeked(to: .milliseconds(1_000))
        let first = tracker.follow(to: .milliseconds(1_500))
        let again = tracker.follow(to: .milliseconds(2_000))
        #expect(Self.names(first) == ["serverSideAdShouldSkip"] && again.events.isEmpty && again.beacons.isEmpty)
        #expect(tracker.nextBoundary(after: .seconds(2)) == .seconds(104))
    }
}
