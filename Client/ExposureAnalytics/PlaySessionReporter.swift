import Exposure
import ExposureModels
import Foundation
import Synchronization

/// Reports one play session to the EventSink: the Player records what happens, the reporter
/// numbers it, stores it in the outbox, adds heartbeats, and sends batches — about every 3 s, at
/// once on a terminal event — retrying failures with backoff until they are acknowledged.
///
/// Time is the caller's: every call reads `now` (the playback clock), and the Player calls
/// ``advance()`` whenever it wakes, sleeping no later than the instant it returns. Sends run on
/// their own tasks, so a slow EventSink never holds playback up.
public final class PlaySessionReporter: Sendable {
    /// The batches' `SessionId`: the entitlement's `playSessionId` (`{id}_{n}` offline).
    public let sessionId: String
    private let route: Mutex<AnalyticsRoute>
    /// The clock offset and when it was measured (playback clock); measured again every 30 min.
    private let clockOffset: Mutex<(offsetMs: Int64?, measuredMs: Int64, measuring: Bool)>
    private let customer: String
    private let businessUnit: String
    private let machine: Mutex<SessionReportMachine>
    private let lastOffsetMs = Mutex<Int64?>(nil)
    private let flight = Mutex<Task<Void, Never>?>(nil)
    private let services: ReporterServices
    private let onRelease: @Sendable () -> Void

    init(
        sessionId: String, route: AnalyticsRoute, clockOffsetMs: Int64?, machine: SessionReportMachine, services: ReporterServices,
        onRelease: @escaping @Sendable () -> Void
    ) {
        self.sessionId = sessionId
        self.route = Mutex(route)
        clockOffset = Mutex((clockOffsetMs, services.now(), false))
        customer = route.environment.customer
        businessUnit = route.environment.businessUnit
        self.machine = Mutex(machine)
        self.services = services
        self.onRelease = onRelease
    }

    deinit { onRelease() }

    /// Records `event` at the current time, with the playhead at `offsetMs` when it has one.
    /// Ignored once the session has ended (after Completed, Aborted or Error).
    public func record(_ event: PlaybackAnalyticsEvent, offsetMs: Int64? = nil) {
        let now = services.now()
        if let offsetMs { lastOffsetMs.withLock { $0 = offsetMs } }
        var fields = event.ownFields
        if case .created = event { fields["Version"] = .string(services.reporting.sdkVersion) }
        let recorded = machine.withLock { $0.record(event.eventType, fields: fields, offsetMs: offsetMs, atMs: now) }
        guard let recorded else { return }
        if case .created = event, let info = machine.withLock({
            $0.record(AnalyticsEventType.deviceInfo, fields: services.reporting.deviceInfoFields, offsetMs: nil, atMs: now)
        }) {
            services.store([recorded, info], sessionId: sessionId)
        } else {
            services.store([recorded], sessionId: sessionId)
        }
        _ = advance()
    }

    /// How often the clock offset is measured again, ms of playback time.
    static let clockResyncIntervalMs: Int64 = 30 * 60_000

    /// Adds the heartbeats owed and starts the batch that is due; returns when to call again
    /// (nil: nothing will happen on its own).
    @discardableResult
    public func advance() -> Int64? {
        let now = services.now()
        resyncClockIfDue(now: now)
        let offset = lastOffsetMs.withLock { $0 }
        let (heartbeats, batch, wake) = machine.withLock { $0.advance(toMs: now, lastOffsetMs: offset) }
        if !heartbeats.isEmpty { services.store(heartbeats, sessionId: sessionId) }
        if let batch { launch(batch) }
        return wake
    }

    /// When ``advance()`` has something to do next (a heartbeat, a batch, a retry); nil when nothing
    /// will happen on its own.
    public var nextWakeMs: Int64? { machine.withLock { $0.nextWakeMs } }

    /// Whether the session has ended and everything it recorded was acknowledged.
    public var isSettled: Bool { machine.withLock { $0.ended && $0.isIdle } }

    /// Sends what is left, waiting for each try, until everything is acknowledged or `timeout`
    /// (real time) passes: for a process about to exit. Failures are retried at once, then
    /// after 0.25 s, 0.5 s …; what is still unsent stays in the outbox for the next start.
    /// A batch already on its way is always waited for (`timeout: .zero` waits for nothing else).
    /// An offline session sends nothing: its events wait for `flushOfflineAnalytics()`.
    public func finish(timeout: Duration = .seconds(5)) async {
        guard !isDeferred else { return }
        let deadline = ContinuousClock.now + timeout
        var pause = Duration.milliseconds(250)
        await flight.withLock { $0 }?.value
        while ContinuousClock.now < deadline, !machine.withLock({ $0.isIdle }) {
            if let batch = machine.withLock({ $0.takeBatch() }) {
                launch(batch)
                await flight.withLock { $0 }?.value
                if machine.withLock({ $0.failures }) == 0 { continue }
            }
            try? await Task.sleep(for: min(pause, deadline - ContinuousClock.now))
            pause *= 2
            await flight.withLock { $0 }?.value
        }
    }

    /// Offline sessions keep `ClockOffset` 0: there is no server to measure against.
    private func resyncClockIfDue(now: Int64) {
        let due = !isDeferred && clockOffset.withLock { state in
            guard !state.measuring, now - state.measuredMs >= Self.clockResyncIntervalMs else { return false }
            state.measuring = true
            return true
        }
        guard due else { return }
        let environment = route.withLock { $0.environment }
        Task {
            let measured = await services.measureClockOffset(environment)
            let at = services.now()
            clockOffset.withLock { state in state = (measured ?? state.offsetMs, at, false) }
        }
    }

    private var isDeferred: Bool { machine.withLock { $0.deferred } }

    private func launch(_ batch: [AnalyticsEvent]) {
        let task = Task { await self.send(batch) }
        flight.withLock { $0 = task }
    }

    private func send(_ events: [AnalyticsEvent]) async {
        let current = route.withLock { $0 }
        let batch = AnalyticsBatch(customer: customer, businessUnit: businessUnit, sessionId: sessionId,
                                   dispatchTime: services.now(), clockOffset: clockOffset.withLock { $0.offsetMs },
                                   payload: events)
        var outcome = await services.deliver(batch, route: current)
        if outcome == .unauthorized, let renewed = services.currentToken(), renewed != current.sessionToken {
            // Retried once with the renewed token; the outbox keeps it for later batches too.
            route.withLock { $0.sessionToken = renewed }
            services.retarget(sessionId: sessionId, route: route.withLock { $0 })
            outcome = await services.deliver(batch, route: route.withLock { $0 })
        }
        // Cleared before the machine hears the outcome: from then on the loop may start the next
        // batch, and its task must not be overwritten here.
        flight.withLock { $0 = nil }
        switch outcome {
        case .delivered:
            services.acknowledge(events, sessionId: sessionId)
            machine.withLock { $0.delivered() }
        case .rejected(let status):
            services.reject(events, sessionId: sessionId, status: status)
            machine.withLock { $0.delivered() }
        case .retry, .unauthorized:
            let now = services.now()
            machine.withLock { $0.failed(atMs: now) }
        }
        _ = advance()
    }
}
