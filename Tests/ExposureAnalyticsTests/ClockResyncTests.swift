import Exposure
import ExposureAnalytics
import ExposureModels
import Foundation
import MockPlatformTesting
import Testing

/// The clock offset is measured at the start and again every 30 minutes of playback, and each
/// batch carries the latest measurement.
@Suite struct ClockResyncTests {
    static let t0: Int64 = 1_800_000_000_000
    static let twoHoursMs: Int64 = 2 * 3_600_000

    /// The platform's clock loses 1 ms per second of the player's (`server = client − elapsed / 1000`),
    /// so an offset measured at `t` is exactly `(t − t0) / 1000` and tells which measurement a batch used.
    static func skewedPlatform(_ clock: ManualClock) async throws -> MockPlatform {
        try await MockPlatform.start(clock: PlatformClock(real: SkewedClock(player: clock)))
    }

    /// The player's clock as the skewed platform reads it.
    struct SkewedClock: WallClock {
        let player: ManualClock
        var now: WallTime { WallTime(millisecondsSince1970: player.nowMs - (player.nowMs - t0) / 1000) }
        func sleep(until deadline: WallTime, tolerance: Duration?) async throws {
            preconditionFailure("the platform does not wait on its clock")
        }
    }

    @Test func aTwoHourPlaybackMeasuresTheOffsetEveryThirtyMinutesAndEachBatchCarriesTheLatest() async throws {
        let clock = testClock(at: Self.t0)
        let platform = try await Self.skewedPlatform(clock)
        defer { platform.stop() }
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)
        let dispatcher = AnalyticsDispatcher(
            configuration: .init(reporting: testReporting), outbox: try AnalyticsOutbox.inMemory(), clock: clock)
        let reporter = try #require(
            await dispatcher.beginSession(
                playSessionId: entitlement.playSessionId, environment: platform.environment, sessionToken: token,
                settings: entitlement.analytics))
        reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
        reporter.record(.started(mediaLocator: "m", videoLengthMs: Self.twoHoursMs, bitrateKbps: 800), offset: .zero)
        // Two hours of silence but for heartbeats: the clock goes from one wake to the next, and
        // each batch (with its resync, when due) is waited for before the clock moves on.
        while let wake = reporter.nextWake?.millisecondsSince1970, wake < Self.t0 + Self.twoHoursMs {
            clock.advance(by: .milliseconds(wake - clock.nowMs))
            reporter.catchUp()
            await reporter.finish(timeout: .zero)
        }
        clock.advance(by: .milliseconds(Self.t0 + Self.twoHoursMs - clock.nowMs))
        reporter.record(.completed, offset: .milliseconds(Self.twoHoursMs))
        await reporter.finish(timeout: .seconds(120))

        // Heartbeats every minute after Started, each sent 3 s later: the first batch 30 min or
        // more after a measurement measures again, at 30:03, 60:03 and 90:03 (120:03 is after the end).
        let interval = Int64(try #require(entitlement.analytics?.postInterval)) * 1000
        #expect(interval == 60_000, "the expectation below assumes the fixtures' post interval")
        let resyncs: [Int64] = [0, 1_803_000, 3_603_000, 5_403_000]
        let inits = platform.requests(pathPrefix: "/v2/customer/Sandbox/businessunit/Dev/eventsink/init")
        #expect(inits.count == resyncs.count, "at the start and every 30 min: \(inits.count)")
        let report = try #require(platform.analyticsSession(entitlement.playSessionId))
        #expect(report.problems == [], "\(report.problems.map(\.message))")
        #expect(report.heartbeats == 120)
        for recorded in report.events ?? [] {
            // A heartbeat travels 3 s after it happened; Completed at once.
            let sentMs = recorded.event.timestamp - Self.t0 + (recorded.event.eventType == AnalyticsEventType.completed ? 0 : 3_000)
            let measuredAt = resyncs.last { $0 <= sentMs } ?? 0
            #expect(
                recorded.clockOffset == measuredAt / 1000,
                "\(recorded.event.eventType) #\(recorded.event.sequenceNumber ?? 0) sent at \(sentMs) ms")
        }
    }
}
