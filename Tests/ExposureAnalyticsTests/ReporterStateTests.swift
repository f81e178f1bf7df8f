import Clocks
import Exposure
import ExposureAnalytics
import ExposureModels
import Testing

/// A reporter's state as a value: what each change asks the reporter to store, send and measure.
@Suite struct ReporterStateTests {
    static let t0 = WallTime(millisecondsSince1970: 1_800_000_000_000)
    static let route = AnalyticsRoute(
        environment: Environment(baseUrl: "http://127.0.0.1:1", customer: "C", businessUnit: "B"),
        sessionToken: SessionToken(value: "old"))

    static func state(deferred: Bool = false, clockOffset: Duration? = .milliseconds(7)) -> ReporterState {
        ReporterState(
            machine: SessionReportMachine(heartbeatInterval: .seconds(60), deferred: deferred, commonFields: [:]),
            route: route, clockOffset: clockOffset, now: t0)
    }

    @Test func recordingStoresTheHeartbeatsOwedThenTheEventThenItsDeviceInfo() {
        var state = Self.state()
        #expect(
            state.record("Playback.Started", fields: [:], deviceInfo: nil, offset: .milliseconds(40), at: Self.t0).map(\.eventType) == [
                "Playback.Started"
            ])
        let recorded = state.record(
            "Playback.Created", fields: [:], deviceInfo: ["Model": .string("m")], offset: nil, at: Self.t0 + .seconds(130))
        #expect(recorded.map(\.eventType) == ["Playback.Heartbeat", "Playback.Heartbeat", "Playback.Created", "Device.Info"])
        #expect(recorded.prefix(2).map(\.offsetTime) == [40, 40], "heartbeats carry the playhead last reported")
        #expect(recorded.prefix(2).map(\.timestamp) == [Self.t0 + .seconds(60), Self.t0 + .seconds(120)].map(\.millisecondsSince1970))
    }

    @Test func aDueBatchIsSentAndTheClockIsMeasuredAgainOnlyEveryThirtyMinutes() {
        var state = Self.state()
        _ = state.record("Playback.Started", fields: [:], deviceInfo: nil, offset: .zero, at: Self.t0)
        let first = state.advance(to: Self.t0 + .seconds(3))
        #expect(first.store.isEmpty)
        #expect(first.send == ReporterState.Send(batch: state.machine.inFlight ?? [], resyncClock: false))
        state.delivered()
        let later = Self.t0 + ReporterState.clockResyncInterval
        _ = state.record("Playback.Paused", fields: [:], deviceInfo: nil, offset: .milliseconds(10), at: later)
        #expect(state.advance(to: later + .seconds(3)).send?.resyncClock == true)
        state.failed(at: later + .seconds(3))
        #expect(state.takeBatch(at: later + .milliseconds(3_001))?.resyncClock == false, "measured once per interval")
    }

    @Test func anOfflineSessionSendsNothingAndNeverMeasuresTheClock() {
        var state = Self.state(deferred: true, clockOffset: .zero)
        _ = state.record("Playback.Started", fields: [:], deviceInfo: nil, offset: .zero, at: Self.t0)
        #expect(state.advance(to: Self.t0 + ReporterState.clockResyncInterval).send == nil)
        #expect(state.takeBatch(at: Self.t0 + ReporterState.clockResyncInterval)?.resyncClock == false)
    }

    @Test func aRenewedTokenAndAMeasuredOffsetAreKeptForLaterBatches() {
        var state = Self.state()
        let renewed = state.renewToken(SessionToken(value: "new"))
        #expect(renewed.sessionToken?.value == "new" && state.route == renewed)
        state.measuredClockOffset(.milliseconds(-3))
        #expect(state.clockOffset == .milliseconds(-3))
    }
}
