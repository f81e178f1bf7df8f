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
    private var lastPositionMs: Int64?
    /// The ad being presented.
    package private(set) var presenting: Int?
    /// Where a user's forward seek was headed when it was sent back to an unwatched break.
    private var resumeAfterBreak: (breakIndex: Int, positionMs: Int64)?
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
            vodDurationMs: timeline.vodDurationMs, adDurationMs: timeline.adDurationMs,
            totalDurationMs: timeline.vodDurationMs + timeline.adDurationMs, adMarkers: timeline.breaks)
    }

    /// The next position at which something fires, so the playback loop wakes exactly there.
    package func nextBoundary(after positionMs: Int64) -> Int64? {
        timeline.ads.indices.compactMap { index in
            timeline.ads[index].milestones.dropFirst(nextMilestone[index]).first { $0.positionMs > positionMs }?.positionMs
        }.min()
    }

    private func watched(_ breakIndex: Int) -> Bool {
        timeline.ads.indices.allSatisfy {
            timeline.ads[$0].breakIndex != breakIndex || nextMilestone[$0] == timeline.ads[$0].milestones.count
        }
    }

    /// Playback starts at `positionMs`: an ad that starts there is joined at its start, however
    /// far the playhead has moved by the first look (a sped-up clock moves it between two).
    package mutating func begin(atPositionMs positionMs: Int64) {
        lastPositionMs = positionMs
    }

    /// Natural playback reached `positionMs`.
    package mutating func follow(positionMs: Int64) -> Update {
        var update = Update()
        let from = lastPositionMs ?? positionMs
        lastPositionMs = positionMs
        guard positionMs >= from else { return update }
        if let index = timeline.breakIndex(at: positionMs), watched(index), presenting == nil {
            if skippedBreak != index, let end = timeline.breaks[index].endOffset {
                skippedBreak = index
                update.events.append(.serverSideAdShouldSkip(skipTimeMs: end))
            }
            return update
        }
        skippedBreak = nil
        for index in timeline.ads.indices {
            let ad = timeline.ads[index]
            guard ad.startMs <= positionMs, ad.endMs >= from, nextMilestone[index] < ad.milestones.count else { continue }
            // An ad joined after its start (a seek into it) is not tracked: no half reports.
            guard nextMilestone[index] > 0 || ad.startMs >= from else { continue }
            while nextMilestone[index] < ad.milestones.count, ad.milestones[nextMilestone[index]].positionMs <= positionMs {
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
                    adTrackingUrls: ad.clip.videoClicks?.clickTrackingUrls ?? [], adClipDuration: ad.endMs - ad.startMs,
                    noOfAds: timeline.adCount(inBreak: ad.breakIndex), adIndex: ad.indexInBreak)))
        update.events.append(.clipStarted(startMs: ad.startMs, endMs: ad.endMs))
    }

    private mutating func endPresentation(of index: Int, update: inout Update) {
        presenting = nil
        update.events.append(.clipEnded(startMs: timeline.ads[index].startMs, endMs: timeline.ads[index].endMs))
        update.events.append(.didPresentInterstitial(Self.contentPolicy))
        let breakIndex = timeline.ads[index].breakIndex
        if let resume = resumeAfterBreak, resume.breakIndex == breakIndex, watched(breakIndex) {
            resumeAfterBreak = nil
            update.events.append(.serverSideAdShouldSkip(skipTimeMs: resume.positionMs))
        }
    }

    /// A seek landed at `positionMs`. Forward over an unwatched break: ask the app to play it.
    package mutating func seeked(to positionMs: Int64) -> Update {
        var update = Update()
        let from = lastPositionMs ?? 0
        lastPositionMs = positionMs
        presenting = nil
        guard positionMs > from else { return update }
        let skipped = timeline.breaks.indices.first { index in
            let start = timeline.breaks[index].offset ?? 0
            return from <= start && start < positionMs && !watched(index)
        }
        if let skipped, let start = timeline.breaks[skipped].offset {
            resumeAfterBreak = (skipped, positionMs)
            update.events.append(.serverSideAdShouldSkip(skipTimeMs: start))
        }
        return update
    }
}
