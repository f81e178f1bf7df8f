import Exposure
import ExposureModels
import ExposurePlayback
import Foundation
import MockPlatformTesting
import Synchronization
import TestSupport
import Testing

/// Live playback across program boundaries on the virtual clock reports exactly what the EPG
/// and the post interval say it must, and nothing the mock's rules object to.
@Suite(.onItsOwnQueue) struct LiveAnalyticsTests {
    /// 2026-03-02T12:55:00Z: five minutes before "Markets" on news-24 (30-min programs; the
    /// premium-only "Sports Desk" follows at 13:30).
    static let startMs: Int64 = 1_772_456_100_000
    /// At least this long: playback stops at the first boundary after it, so it crosses a
    /// program's start, the whole program (its ad break and a clock resync included), and its end.
    static let playedMs: Int64 = 30 * 60_000

    @Test func news24AcrossAWholeProgramHasExactlyTheHeartbeatsAndProgramChangesTheEPGAndPostIntervalGive() async throws {
        let harness = try PlayerHarness(startMs: Self.startMs)
        let player = try await harness.player()
        // The expectation comes from the channel's EPG and the entitlement's post interval alone.
        let programs = try await FetchEpg(environment: harness.platform.environment).channel(id: "news-24")
            .show(page: 1, spanning: 500)
            .filter(
                starting: Date(timeIntervalSince1970: Double(Self.startMs) / 1000),
                ending: Date(timeIntervalSince1970: Double(Self.startMs + Self.playedMs + 3_600_000) / 1000)
            )
            .request().programs
        let starts = programs.compactMap { $0.startTime.map { Int64(($0.timeIntervalSince1970 * 1000).rounded()) } }.sorted()
        let boundaries = starts.filter { $0 > Self.startMs }
        let stopBoundary = try #require(boundaries.first { $0 >= Self.startMs + Self.playedMs })
        let crossed = boundaries.filter { $0 <= stopBoundary }
        #expect(crossed.count == 2, "a program's start and its end")

        let stopStart = Date(timeIntervalSince1970: Double(stopBoundary) / 1000)
        player.onProgramChanged { player, _, program in
            if program?.startTime == stopStart { player.stop() }
        }
        let log = EventLog(player, clock: harness.clock)
        await player.startPlayback(playable: ChannelPlayable(assetId: "news-24")).value

        #expect(log.errors.isEmpty, "\(log.errors)")
        let id = try #require(PlayerAnalyticsTests.playSessionId(player))
        let report = try #require(harness.platform.analyticsSession(id))
        #expect(report.problems == [], "\(report.problems.map(\.message))")
        #expect(report.ended == .aborted)
        let events = (report.events ?? []).map(\.event)
        let postIntervalMs = Int64(try #require(player.context.entitlement?.analytics?.postInterval)) * 1000
        // The program on air at the start, then one change per boundary the playhead crossed.
        let changes = events.filter { $0.eventType == AnalyticsEventType.programChanged }
        #expect(changes.count == 1 + crossed.count, "\(changes.count) ProgramChanged for \(crossed.count) boundaries")
        // The playhead runs a constant delay behind the clock, so consecutive changes are exactly
        // a program apart, and a heartbeat falls every post interval between them; the stop comes
        // with the last change. Before the first boundary: the minutes from the start (the delay
        // is less than a post interval).
        let firstGap = (crossed[0] - Self.startMs) / postIntervalMs
        let betweenBoundaries = zip(crossed, crossed.dropFirst()).map { ($1 - $0) / postIntervalMs }.reduce(0, +)
        #expect(report.heartbeats == Int(firstGap + betweenBoundaries), "\(report.heartbeats) heartbeats")
        // Nothing else breaks the chain: the start-up events at the start, Aborted with the last change.
        let others = events.filter { ![AnalyticsEventType.heartbeat, AnalyticsEventType.programChanged].contains($0.eventType) }
        #expect(others.dropLast().allSatisfy { $0.timestamp == Self.startMs }, "\(others.map(\.eventType))")
        #expect(others.last?.eventType == AnalyticsEventType.aborted && others.last?.timestamp == changes.last?.timestamp)
        #expect(Array(others.map(\.eventType).prefix(3)) == ["Playback.Created", "Device.Info", "Playback.HandshakeStarted"])
        #expect(events.first?["ChannelId"] == .string("news-24"))
        #expect(harness.clock.nowMs - Self.startMs >= Self.playedMs)
    }
}
