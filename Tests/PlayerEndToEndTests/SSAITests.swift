import Exposure
import ExposurePlayback
import MockPlatform
import Synchronization
import TestSupport
import Testing

/// Server-side ads on `mountain-ssai`: pre-roll ad-1 (6 s) + ad-2 (10 s), content to 300 s,
/// mid-roll ad-3 (4 s), then the rest of the content.
@Suite(.onItsOwnQueue) struct SSAITests {
    static let milestones = ["impression", "load", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]

    @Test func adEventsAndBeaconsInOrder() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        let clicked = Mutex(false)
        player.onWillPresentInterstitial { _, _, trackingUrls, _, _, _ in
            // The user clicks the first ad once.
            let first = clicked.withLock { wasClicked in
                defer { wasClicked = true }
                return !wasClicked
            }
            if first { player.trackClickedAd(adTrackingUrls: trackingUrls) }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "mountain-ssai")).value
        #expect(log.names.last == "playbackCompleted")

        let start = log.events.compactMap { event -> (Int64, Int64, Int64, [AdMarker])? in
            if case .playbackStartedWithAds(let vod, let ads, let total, let markers) = event { (vod, ads, total, markers) } else { nil }
        }
        let (vod, ads, total, markers) = try #require(start.first)
        #expect(ads == 20_000 && total == vod + ads && player.duration == .milliseconds(total))
        #expect(markers == [AdMarker(type: "AD", offset: 0, endOffset: 16_000), AdMarker(type: "AD", offset: 316_000, endOffset: 320_000)])

        let interstitials = log.events.compactMap { if case .willPresentInterstitial(let ad) = $0 { ad } else { nil } }
        #expect(
            interstitials.map { [$0.adClipDuration, Int64($0.noOfAds), Int64($0.adIndex)] } == [
                [6_000, 2, 0], [10_000, 2, 1], [4_000, 1, 0]
            ])
        #expect(
            interstitials.allSatisfy {
                $0.contractRestrictionService == ContractRestrictionsPolicy(fastForwardEnabled: false, rewindEnabled: false)
            })
        #expect(interstitials.allSatisfy { $0.adTrackingUrls.count == 1 && $0.adTrackingUrls[0].hasSuffix("/click") })
        #expect(log.names.filter { $0 == "didPresentInterstitial" }.count == 3)
        #expect(!log.names.contains("serverSideAdShouldSkip"))

        // Clips 0 and 1 are the pre-roll, 2 the first content, 3 the mid-roll.
        let beacons = harness.platform.context.activity.beacons().map { "\($0.clipIndex)/\($0.event)" }
        #expect(beacons.filter { $0 != "0/click" } == [0, 1, 3].flatMap { clip in Self.milestones.map { "\(clip)/\($0)" } })
        #expect(beacons.filter { $0 == "0/click" }.count == 1)
    }

    @Test func seekingOverTheMidRollPlaysItFirst() async throws {
        let harness = try PlayerHarness()
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        let presented = Mutex(0)
        player.onWillPresentInterstitial { _, _, _, _, _, _ in
            // Seeking is off while an ad plays.
            if presented.withLock({ $0 }) == 0 { player.seek(toPosition: 100_000) }
        }
        .onDidPresentInterstitial { _ in
            // Once the pre-roll is watched, the user jumps past the mid-roll.
            let count = presented.withLock { count in
                count += 1
                return count
            }
            if count == 2 { player.seek(toPosition: 400_000) }
        }
        .onServerSideAdShouldSkip { skipTime in player.seek(toPosition: skipTime) }
        await player.startPlayback(playable: AssetPlayable(assetId: "mountain-ssai")).value
        #expect(log.names.last == "playbackCompleted")
        #expect(log.warnings.first == .fastForwardDisabled)
        let skips = log.events.compactMap { if case .serverSideAdShouldSkip(let time) = $0 { time } else { nil } }
        // To the mid-roll's start, then, once it is watched, on to where the user was headed.
        #expect(skips == [316_000, 400_000])
        let scrubs = log.events.compactMap { if case .playbackScrubbed(let position) = $0 { position } else { nil } }
        #expect(scrubs == [400_000, 316_000, 400_000])
        let beacons = harness.platform.context.activity.beacons().map { "\($0.clipIndex)/\($0.event)" }
        #expect(beacons == [0, 1, 3].flatMap { clip in Self.milestones.map { "\(clip)/\($0)" } })
    }

    /// The same ad events and beacons however far the playhead moves between two looks at it
    /// (`exposure play --speed 10` lost the first pre-roll).
    @Test func adEventsAndBeaconsAreTheSameAtEverySpeed() async throws {
        let normal = try await Self.adSequences(speed: 1)
        let fast = try await Self.adSequences(speed: 10)
        #expect(normal.events.filter { $0 == "willPresentInterstitial" }.count == 3)
        #expect(normal.beacons.count == 21)
        #expect(fast.events == normal.events)
        #expect(fast.beacons == normal.beacons)
    }

    private static func adSequences(speed: Int64) async throws -> (events: [String], beacons: [String]) {
        let harness = try PlayerHarness()
        let player = try await harness.player(clock: SteppingClock(startMs: PlayerHarness.monday1320, speed: speed))
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: AssetPlayable(assetId: "mountain-ssai")).value
        let adEvents: Set = [
            "playbackStartedWithAds", "willPresentInterstitial", "didPresentInterstitial", "serverSideAdShouldSkip", "playbackCompleted"
        ]
        let beacons = harness.platform.context.activity.beacons().map { "\($0.clipIndex)/\($0.event)" }
        return (log.names.filter(adEvents.contains), beacons)
    }
}
