import Exposure
import ExposureAnalytics
import ExposureModels
import Testing

/// A reporter's state as a value: what each change asks the reporter to store, send and measure.
@Suite struct ReporterStateTests {
    static let t0: Int64 = 1_800_000_000_000
    static let route = AnalyticsRoute(
        environment: Environment(baseUrl: "http://127.0.0.1:1", customer: "C", businessUnit: "B"),
        sessionToken: SessionToken(value: "old"))

    static func state(deferred: Bool = false, clockOffsetMs: Int64? = 7) -> ReporterState {
        ReporterState(
            machine: SessionReportMachine(heartbeatIntervalMs: 60_000, deferred: deferred, commonFields: [:]),
            route: route, clockOffsetMs: clockOffsetMs, nowMs: t0)
    }

    @Test func recordingStoresTheHeartbeatsOwedThenTheEventThenItsDeviceInfo() {
        var state = Self.state()
        #expect(
            state.record("Playback.Started", fields: [:], deviceInfo: nil, offsetMs: 40, atMs: Self.t0).map(\.eventType) == [
                "Playback.Started"
            ])
        let recorded = state.record(
            "Playback.Created", fields: [:], deviceInfo: ["Model": .string("m")], offsetMs: nil, atMs: Self.t0 + 130_000)
        #expect(recorded.map(\.eventType) == ["Playback.Heartbeat", "Playback.Heartbeat", "Playback.Created", "Device.Info"])
        #expect(recorded.prefix(2).map(\.offsetTime) == [40, 40], "heartbeats carry the playhead last reported")
        #expect(recorded.prefix(2).map(\.timestamp) == [Self.t0 + 60_000, Self.t0 + 120_000])
    }

    @Test func aDueBatchIsSentAndTheClockIsMeasuredAgainOnlyEveryThirtyMinutes() {
        var state = Self.state()
        _ = state.record("Playback.Started", fields: [:], deviceInfo: nil, offsetMs: 0, atMs: Self.t0)
        let first = state.advance(toMs: Self.t0 + 3_000)
        #expect(first.store.isEmpty)
        #expect(first.send == ReporterState.Send(batch: state.machine.inFlight ?? [], resyncClock: false))
        state.delivered()
        let later = Self.t0 + ReporterState.clockResyncIntervalMs
        _ = state.record("Playback.Paused", fields: [:], deviceInfo: nil, offsetMs: 10, atMs: later)
        #expect(state.advance(toMs: later + 3_000).send?.resyncClock == true)
        state.failed(atMs: later + 3_000)
        #expect(state.takeBatch(atMs: later + 3_001)?.resyncClock == false, "measured once per interval")
    }

    @Test func anOfflineSessionSendsNothingAndNeverMeasuresTheClock() {
        var state = Self.state(deferred: true, clockOffsetMs: 0)
        _ = state.record("Playback.Started", fields: [:], deviceInfo: nil, offsetMs: 0, atMs: Self.t0)
        #expect(state.advance(toMs: Self.t0 + ReporterState.clockResyncIntervalMs).send == nil)
        #expect(state.takeBatch(atMs: Self.t0 + ReporterState.clockResyncIntervalMs)?.resyncClock == false)
    }

    @Test func aRenewedTokenAndAMeasuredOffsetAreKeptForLaterBatches() {
        var state = Self.state()
        let renewed = state.renewToken(SessionToken(value: "new"))
        #expect(renewed.sessionToken?.value == "new" && state.route == renewed)
        state.measuredClockOffset(-3)
        #expect(state.clockOffsetMs == -3)
    }
}
