import Clocks
import ExposureModels

/// Follows the playhead through an ``AdTimeline``: which beacons fire, when an ad clip is presented
/// (and starts and ends) and when the app must seek (the seed's `onServerSideAdShouldSkip`).
///
/// Rules: beacons of an ad fire once, as natural playback reaches each milestone (a seek
/// jumps without firing); an ad is presented from its start to its end, with seeking off;
/// a forward seek over an unwatched break asks the app to play it first and, once it is
/// watched, to go on to where the user wanted; a watched break is skipped.
package struct AdTracker: Sendable {
    /// What following the playhead produced.
    package struct Update: Sendable {
        package var events: [PlayerEvent] = []
        package var beacons: [String] = []
    }

    package let timeline: AdTimeline
    /// Per ad, the index of its next milestone to fire.
    private var nextMilestone: [Int]
    /// Where the playhead was last seen.
    private var lastPosition: Duration?
    /// The ad being presented.
    package private(set) var presenting: Int?
    /// Where a user's forward seek was headed when it was sent back to an unwatched break.
    private var resumeAfterBreak: (breakIndex: Int, position: Duration)?
    /// The watched break a skip was last asked for, so it is asked once per entry.
    private var skippedBreak: Int?

    package static let presentingPolicy = ContractRestrictionsPolicy(fastForwardEnabled: false, rewindEnabled: false)
    package static let contentPolicy = ContractRestrictionsPolicy(fastForwardEnabled: true, rewindEnabled: true)

    package init(timeline: AdTimeline) {
        self.timeline = timeline
        nextMilestone = Array(repeating: 0, count: timeline.ads.count)
    }

    /// The seed's `onPlaybackStartWithAds` values.
    package var startEvent: PlayerEvent {
        .playbackStartedWithAds(
            vodDurationMs: timeline.vodDuration.wholeMilliseconds, adDurationMs: timeline.adDuration.wholeMilliseconds,
            totalDurationMs: (timeline.vodDuration + timeline.adDuration).wholeMilliseconds, adMarkers: timeline.breaks)
    }

    /// The next position at which something fires, so the playback loop wakes exactly there.
    package func nextBoundary(after position: Duration) -> Duration? {
        timeline.ads.indices.compactMap { index in
            timeline.ads[index].milestones.dropFirst(nextMilestone[index]).first { $0.position > position }?.position
        }.min()
    }

    private func watched(_ breakIndex: Int) -> Bool {
        timeline.ads.indices.allSatisfy {
            timeline.ads[$0].breakIndex != breakIndex || nextMilestone[$0] == timeline.ads[$0].milestones.count
        }
    }

    /// Playback starts at `position`: an ad that starts there is joined at its start, however
    /// far the playhead has moved by the first look (a sped-up clock moves it between two).
    package mutating func begin(at position: Duration) {
        lastPosition = position
    }

    /// Natural playback reached `position`.
    package mutating func follow(to position: Duration) -> Update {
        var update = Update()
        let from = lastPosition ?? position
        lastPosition = position
        guard position >= from else { return update }
        if let index = timeline.breakIndex(at: position), watched(index), presenting == nil {
            if skippedBreak != index, let end = timeline.breaks[index].endOffset {
                skippedBreak = index
                update.events.append(.serverSideAdShouldSkip(skipTimeMs: end))
            }
            return update
        }
        skippedBreak = nil
        for index in timeline.ads.indices {
            let ad = timeline.ads[index]
            guard ad.start <= position, ad.end >= from, nextMilestone[index] < ad.milestones.count else { continue }
            // An ad joined after its start (a seek into it) is not tracked: no half reports.
            guard nextMilestone[index] > 0 || ad.start >= from else { continue }
            while nextMilestone[index] < ad.milestones.count, ad.milestones[nextMilestone[index]].position <= position {
                let milestone = ad.milestones[nextMilestone[index]]
                nextMilestone[index] += 1
                update.beacons += milestone.urls
                if milestone.name == "impression" { present(index, update: &update) }
                if milestone.name == "complete" { endPresentation(of: index, update: &update) }
            }
        }
        return update
    }

    private mutating func present(_ index: Int, update: inout Update) {
        let ad = timeline.ads[index]
        presenting = index
        update.events.append(
            .willPresentInterstitial(
                Interstitial(
                    contractRestrictionService: Self.presentingPolicy, clickThroughUrl: ad.clip.videoClicks?.clickThroughUrl,
                    adTrackingUrls: ad.clip.videoClicks?.clickTrackingUrls ?? [], adClipDuration: (ad.end - ad.start).wholeMilliseconds,
                    noOfAds: timeline.adCount(inBreak: ad.breakIndex), adIndex: ad.indexInBreak)))
        update.events.append(.clipStarted(startMs: ad.start.wholeMilliseconds, endMs: ad.end.wholeMilliseconds))
    }

    private mutating func endPresentation(of index: Int, update: inout Update) {
        presenting = nil
        let ad = timeline.ads[index]
        update.events.append(.clipEnded(startMs: ad.start.wholeMilliseconds, endMs: ad.end.wholeMilliseconds))
        update.events.append(.didPresentInterstitial(Self.contentPolicy))
        let breakIndex = timeline.ads[index].breakIndex
        if let resume = resumeAfterBreak, resume.breakIndex == breakIndex, watched(breakIndex) {
            resumeAfterBreak = nil
            update.events.append(.serverSideAdShouldSkip(skipTimeMs: resume.position.wholeMilliseconds))
        }
    }

    /// A seek landed at `position`. Forward over an unwatched break: ask the app to play it.
    package mutating func seeked(to position: Duration) -> Update {
        var update = Update()
        let from = lastPosition ?? .zero
        lastPosition = position
        presenting = nil
        guard position > from else { return update }
        let skipped = timeline.breaks.indices.first { index in
            let start = timeline.breaks[index].start ?? .zero
            return from <= start && start < position && !watched(index)
        }
        if let skipped, let start = timeline.breaks[skipped].offset {
            resumeAfterBreak = (skipped, position)
            update.events.append(.serverSideAdShouldSkip(skipTimeMs: start))
        }
        return update
    }
}
