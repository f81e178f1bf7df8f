import Clocks
import ExposureModels
import Foundation
import Synchronization

/// Reports one play session to the EventSink: the Player records what happens, the reporter
/// numbers it, stores it in the outbox, adds heartbeats, and sends batches — about every 3 s, at
/// once on a terminal event — retrying failures with backoff until they are acknowledged.
///
/// Time is the caller's: every call reads `now` (the playback clock), and the Player calls
/// ``catchUp()`` whenever it wakes, sleeping no later than the instant it returns. Sends run on
/// their own tasks, so a slow EventSink never holds playback up.
public final class PlaySessionReporter: Sendable {
    /// The batches' `SessionId`: the entitlement's `playSessionId` (`{id}_{n}` offline).
    public let sessionId: String
    private let customer: String
    private let businessUnit: String
    /// The one lock: the session's state, and the send on its way (published under the lock
    /// that clears it, so a send that ended at once cannot have cleared it before it is published).
    private let guarded: Mutex<(state: ReporterState, flight: Task<Void, Never>?)>
    private let services: ReporterServices
    private let onRelease: @Sendable () -> Void

    init(
        sessionId: String, route: AnalyticsRoute, clockOffset: Duration?, machine: SessionReportMachine, services: ReporterServices,
        onRelease: @escaping @Sendable () -> Void
    ) {
        self.sessionId = sessionId
        customer = route.environment.customer
        businessUnit = route.environment.businessUnit
        guarded = Mutex((ReporterState(machine: machine, route: route, clockOffset: clockOffset, now: services.clock.now), nil))
        self.services = services
        self.onRelease = onRelease
    }

    deinit { onRelease() }

    /// Records `event` at the current time, with the playhead at `offset` when it has one.
    /// Ignored once the session has ended (after Completed, Aborted or Error).
    public func record(_ event: PlaybackAnalyticsEvent, offset: Duration? = nil) {
        let now = services.clock.now
        var fields = event.ownFields
        if case .created = event { fields["Version"] = .string(services.reporting.sdkVersion) }
        let deviceInfo: [String: JSONValue]? = if case .created = event { services.reporting.deviceInfoFields } else { nil }
        guarded.withLock {
            let recorded = $0.state.record(event.eventType, fields: fields, deviceInfo: deviceInfo, offset: offset, at: now)
            // One outbox transaction per call, queued under the lock so it is queued before the
            // removal of any batch that carries these events.
            if !recorded.isEmpty { services.store(recorded, sessionId: sessionId) }
        }
        catchUp()
    }

    /// Adds the heartbeats owed and starts the batch that is due; returns when to call again
    /// (nil: nothing will happen on its own).
    @discardableResult
    public func catchUp() -> WallTime? {
        let now = services.clock.now
        return guarded.withLock { guarded in
            let (heartbeats, send, wake) = guarded.state.advance(to: now)
            if !heartbeats.isEmpty { services.store(heartbeats, sessionId: sessionId) }
            // Taken and published in one hold: whoever finds the state busy finds its flight.
            if let send { guarded.flight = flight(send) }
            return wake
        }
    }

    /// When ``catchUp()`` has something to do next (a heartbeat, a batch, a retry); nil when
    /// nothing will happen on its own.
    public var nextWake: WallTime? { guarded.withLock { $0.state.machine.nextWake } }

    /// Whether the session has ended and everything it recorded was acknowledged.
    public var isSettled: Bool { guarded.withLock { $0.state.machine.ended && $0.state.machine.isIdle } }

    /// Sends what is left, for a process about to exit: the batch on its way is waited for, then
    /// everything still queued goes as one batch, at once, whatever the session's backoff still
    /// wanted after failures during playback (its next retry may be a minute away). A failed try
    /// of finish's own (the batch it waited for counts as its first) is retried after the
    /// session's backoff, counted from finish's own failures (``SessionReportMachine/backoff``:
    /// 1 s, 2 s, 4 s …), waited on the reporter's clock, while the retry is due before `timeout`
    /// (on that clock) has passed; what is still unsent stays in the outbox for the next start.
    /// Only failures are bounded: tries that succeed are never cut short, so on a loaded machine
    /// a healthy EventSink still gets everything (`timeout: .zero` makes one try and retries
    /// nothing). Cancelling the task stops the tries.
    /// An offline session sends nothing: its events wait for `flushOfflineAnalytics()`.
    public func finish(timeout: Duration = .seconds(5)) async {
        guard !guarded.withLock({ $0.state.machine.deferred }) else { return }
        let clock = services.clock
        let deadline = clock.now.advanced(by: timeout)
        // Tries finish has seen fail in a row (the one on its way when it was called included).
        var failedTries = 0
        if let task = guarded.withLock({ $0.flight }) {
            await task.value
            if guarded.withLock({ $0.state.machine.failures }) > 0 { failedTries = 1 }
        }
        while !guarded.withLock({ $0.state.machine.isIdle }) {
            // Cancelled, finish starts no try (a try that failed just before it was called
            // included), and a pause ends at once: stop rather than try without pause.
            guard !Task.isCancelled else { return }
            if failedTries > 0 {
                let retryTime = clock.now.advanced(by: SessionReportMachine.backoff.delay(beforeRetry: failedTries))
                guard retryTime < deadline else { return }
                do { try await clock.sleep(until: retryTime, tolerance: nil) } catch { return }
            }
            let now = clock.now
            // The batch on its way (another caller's), else the one taken now: a batch is taken
            // and its flight published in one hold, so a busy state always shows its flight.
            let batchOnItsWay = guarded.withLock { guarded in
                if guarded.flight == nil, let send = guarded.state.takeBatch(at: now) { guarded.flight = flight(send) }
                return guarded.flight
            }
            // Nothing on its way and nothing to take: what was left was delivered meanwhile.
            guard let batchOnItsWay else { return }
            await batchOnItsWay.value
            failedTries = guarded.withLock { $0.state.machine.failures } > 0 ? failedTries + 1 : 0
        }
    }

    /// Starts sending a batch, measuring the clock offset first when the state says so; called
    /// under the lock that takes the batch, which the task's own steps wait for.
    private func flight(_ send: ReporterState.Send) -> Task<Void, Never> {
        Task {
            if send.resyncClock { await self.resyncClock() }
            await self.send(send.batch)
        }
    }

    /// A failed measurement keeps the previous offset.
    private func resyncClock() async {
        let environment = guarded.withLock { $0.state.route.environment }
        guard let measured = await services.measureClockOffset(environment) else { return }
        guarded.withLock { $0.state.measuredClockOffset(measured) }
    }

    private func send(_ events: [AnalyticsEvent]) async {
        let (current, clockOffset) = guarded.withLock { ($0.state.route, $0.state.clockOffset) }
        let batch = AnalyticsBatch(
            customer: customer, businessUnit: businessUnit, sessionId: sessionId,
            dispatchTime: services.clock.now.millisecondsSince1970, clockOffset: clockOffset?.wholeMilliseconds, payload: events)
        var outcome = await services.deliver(batch, route: current)
        if outcome == .unauthorized, let token = services.currentToken(), token != current.sessionToken {
            // Retried once with the renewed token; the outbox keeps it for later batches too.
            let renewed = guarded.withLock { $0.state.renewToken(token) }
            await services.retarget(sessionId: sessionId, route: renewed)
            outcome = await services.deliver(batch, route: renewed)
        }
        switch outcome {
        case .delivered: await services.acknowledge(events, sessionId: sessionId)
        case .rejected(let status): await services.reject(events, sessionId: sessionId, status: status)
        case .retry, .unauthorized: break
        }
        // The flight is cleared as the machine hears the outcome, under the same lock: from then
        // on the loop may start the next batch, and its task must not be overwritten here.
        let now = services.clock.now
        guarded.withLock { guarded in
            guarded.flight = nil
            switch outcome {
            case .delivered, .rejected: guarded.state.delivered()
            case .retry, .unauthorized: guarded.state.failed(at: now)
            }
        }
        catchUp()
    }
}
