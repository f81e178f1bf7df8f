import Exposure
import ExposurePlayback
import MockPlatformTesting
import TestSupport
import Testing

/// The player on a stream-lab network, end to end against the real mock on the virtual clock.
@Suite(.onItsOwnQueue) struct StreamLabPlaybackTests {
    /// Ten virtual minutes of live under the `wifi-flaky` preset's steps (modelled on the player's
    /// clock): no error, ABR goes down and back up, and the analytics break no rule.
    @Test(.timeLimit(.minutes(5))) func tenMinutesOfLiveOnAFlakyWiFi() async throws {
        let harness = try PlayerHarness()
        let steps = try #require(NetworkSchedule.presets["wifi-flaky"]?.steps)
        let startMs = harness.clock.nowMs
        let endMs = startMs + 600_000
        let network = ModelledNetwork(
            upstream: AutomaticTransport.shared, clock: harness.clock, conditions: .init(bandwidthBitsPerSecond: steps[0].kbps * 1000))
        var stepStart = harness.clock.now
        while stepStart.millisecondsSince1970 < endMs {
            for step in steps {
                network.set(.init(bandwidthBitsPerSecond: step.kbps * 1000, latency: step.latency ?? .zero), from: stepStart)
                stepStart = stepStart + step.duration
            }
        }
        let player = try await harness.player(streamTransport: network)
        let log = EventLog(player, clock: harness.clock)
        player.onEvent { player, _, _ in if harness.clock.nowMs >= endMs { player.stop() } }
        await player.startPlayback(playable: ChannelPlayable(assetId: "news-24")).value

        #expect(log.errors.isEmpty, "\(log.errors)")
        #expect(harness.clock.nowMs >= endMs)
        let bitrates = log.bitrates
        let downs = zip(bitrates, bitrates.dropFirst()).filter { $0 > $1 }.count
        let ups = zip(bitrates, bitrates.dropFirst()).filter { $0 < $1 }.count
        #expect(downs >= 1 && ups >= 1, "switches: \(bitrates)")
        #expect(bitrates.allSatisfy { $0 > 0 })
        let id = try #require(PlayerAnalyticsTests.playSessionId(player))
        let report = try #require(harness.platform.analyticsSession(id))
        #expect(report.problems == [], "\(report.problems.map(\.message))")
        let reported = (report.events ?? []).filter { $0.event.eventType == "Playback.BitrateChanged" }.count
        #expect(reported == bitrates.count, "every switch is in the analytics")
    }

    /// A segment the mock fails (a stream fault aimed at the sequence the player will fetch) is
    /// retried, the player fails over, and playback goes on; the failover is a warning.
    @Test(.timeLimit(.minutes(2))) func aFailingLiveSegmentFailsOverAndPlaybackGoesOn() async throws {
        let harness = try PlayerHarness()
        let rule = try harness.platform.inject(FaultRule(status: 503, stream: StreamTarget(assetId: "news-24", segmentsFromNow: 3)))
        let struck = try #require(rule.stream?.sequence)
        let player = try await harness.player()
        let log = EventLog(player, clock: harness.clock)
        player.onEvent { player, _, _ in if harness.clock.nowMs >= PlayerHarness.monday1320 + 60_000 { player.stop() } }
        await player.startPlayback(playable: ChannelPlayable(assetId: "news-24")).value
        #expect(log.errors.isEmpty, "\(log.errors)")
        let streamWarnings = log.warnings.compactMap { if case .stream(let warning) = $0 { warning } else { nil } }
        #expect(streamWarnings.contains { if case .renditionFailover = $0 { true } else { false } }, "\(streamWarnings)")
        #expect(streamWarnings.contains(.segmentSkipped(sequence: struck, reason: "HTTP 503")), "\(streamWarnings)")
        let faulted = harness.platform.requests(pathPrefix: "/media/").filter { $0.faultId == rule.id }
        #expect(faulted.count == 6, "three attempts at the video segment and three at the audio one, journalled with the rule")
        let id = try #require(PlayerAnalyticsTests.playSessionId(player))
        #expect(faulted.allSatisfy { $0.headers["X-Playback-Session-Id"] == id }, "the player names its play session")
    }
}
