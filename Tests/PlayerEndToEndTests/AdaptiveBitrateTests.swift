import Exposure
import ExposurePlayback
import TestSupport
import Testing

@Suite(.onItsOwnQueue) struct AdaptiveBitrateTests {
    @Test func bitrateFallsWhenTheNetworkDoes() async throws {
        let harness = try PlayerHarness()
        let network = ModelledNetwork(
            upstream: AutomaticTransport.shared, clock: harness.clock,
            conditions: .init(bandwidthBitsPerSecond: 5_000_000, latency: .milliseconds(20)))
        let player = try await harness.player(streamTransport: network)
        let log = EventLog(player, clock: harness.clock)
        let dropAt = harness.clock.nowMs + 120_000
        network.set(.init(bandwidthBitsPerSecond: 300_000, latency: .milliseconds(20)), from: WallTime(millisecondsSince1970: dropAt))
        player.onBitrateChanged { player, _, bitrate in
            if bitrate < 300_000 && log.bitrates.contains(where: { $0 > 500_000 }) { player.stop() }
        }
        await player.startPlayback(playable: AssetPlayable(assetId: "arctic-journey")).value
        let bitrates = log.bitrates
        #expect(bitrates.first == 245_783)
        #expect(bitrates.contains(566_135))
        #expect(bitrates.last == 245_783)
        #expect(harness.clock.nowMs > dropAt)
    }

    @Test func neverAboveMaxBitrate() async throws {
        let harness = try PlayerHarness()
        let network = ModelledNetwork(
            upstream: AutomaticTransport.shared, clock: harness.clock, conditions: .init(bandwidthBitsPerSecond: 50_000_000))
        let player = try await harness.player(streamTransport: network)
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(
            playable: AssetPlayable(assetId: "arctic-journey"), properties: PlaybackProperties(maxBitrate: 400_000),
            materialProfile: "TRAILER"
        ).value
        #expect(log.bitrates.allSatisfy { $0 <= 400_000 })
        #expect(log.bitrates.last == 380_391)
        #expect(log.names.last == "playbackCompleted")
    }
}
