import Clocks
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
    /// The clock offset and when it was last measured (playback clock); measured again before
    /// the first batch 30 min of playback after that.
    private let clockOffset: Mutex<(offsetMs: Int64?, measuredMs: Int64)>
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
        clockOffset = Mutex((clockOffsetMs, services.now()))
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
        let previousOffset = lastOffsetMs.withLock { last in
            defer { last = offsetMs ?? last }
            return last
        }
        var fields = event.ownFields
        if case .created = event { fields["Version"] = .string(services.reporting.sdkVersion) }
        let deviceInfo: [String: JSONValue]? = if case .created = event { services.reporting.deviceInfoFields } else { nil }
        let recorded = machine.withLock { machine -> [AnalyticsEvent] in
            // Heartbeats owed come first, whether or not the caller woke for them.
            var recorded = machine.heartbeatsOwed(byMs: now, lastOffsetMs: previousOffset)
            guard let event = machine.record(event.eventType, fields: fields, offsetMs: offsetMs, atMs: now) else { return recorded }
            recorded.append(event)
            if let deviceInfo, let info = machine.record(AnalyticsEventType.deviceInfo, fields: deviceInfo, offsetMs: nil, atMs: now) {
                recorded.append(info)
            }
            return recorded
        }
        // One outbox transaction per call.
        if !recorded.isEmpty { services.store(recorded, sessionId: sessionId) }
        _ = advance()
    }

    /// How often the clock offset is measured again, ms of playback time.
    static let clockResyncIntervalMs: Int64 = 30 * 60_000

    /// Adds the heartbeats owed and starts the batch that is due; returns when to call again
    /// (nil: nothing will happen on its own).
    @discardableResult
    public func advance() -> Int64? {
        let now = services.now()
        let offset = lastOffsetMs.withLock { $0 }
        let (heartbeats, batch, wake) = machine.withLock { $0.advance(toMs: now, lastOffsetMs: offset) }
        if !heartbeats.isEmpty { services.store(heartbeats, sessionId: sessionId) }
        if let batch { launch(batch, atMs: now) }
        return wake
    }

    /// When ``advance()`` has something to do next (a heartbeat, a batch, a retry); nil when nothing
    /// will happen on its own.
    public var nextWakeMs: Int64? { machine.withLock { $0.nextWakeMs } }

    /// Whether the session has ended and everything it recorded was acknowledged.
    public var isSettled: Bool { machine.withLock { $0.ended && $0.isIdle } }

    /// Sends what is left, for a process about to exit: the batch on its way is waited for, then
    /// everything still queued goes as one batch. Only failures are bounded by `timeout` (real
    /// time): a failed try is retried at once, then after 0.25 s, 0.5 s … (at most 4 s apart) while
    /// the next try can start before the deadline; what is still unsent stays in the outbox for the
    /// next start. Tries that succeed are never cut short, so on a loaded machine a healthy
    /// EventSink still gets everything (`timeout: .zero` retries nothing). Cancelling the task
    /// stops the retries.
    /// An offline session sends nothing: its events wait for `flushOfflineAnalytics()`.
    public func finish(timeout: Duration = .seconds(5)) async {
        guard !isDeferred else { return }
        let deadline = ContinuousClock.now + timeout
        var retries = 0
        await flight.withLock { $0 }?.value
        while !machine.withLock({ $0.isIdle }) {
            if machine.withLock({ $0.failures }) > 0 {
                // The first retry goes at once, the next ones after the backoff's waits.
                let pause = retries == 0 ? .zero : Self.retryPauses.delay(beforeRetry: retries)
                guard ContinuousClock.now + pause < deadline else { return }
                // Cancelled, the pause ends at once: stop retrying rather than retry without pause.
                do { try await Task.sleep(for: pause) } catch { return }
                retries += 1
            }
            if let batch = machine.withLock({ $0.takeBatch() }) { launch(batch, atMs: services.now()) }
            if let task = flight.withLock({ $0 }) {
                await task.value
            } else {
                // Another caller took the batch and is about to publish its task.
                await Task.yield()
            }
        }
    }

    /// The pauses between ``finish(timeout:)``'s retries: from a quarter of a second up to 4 s.
    static let retryPauses = Backoff(first: .milliseconds(250), longest: .seconds(4))

    private var isDeferred: Bool { machine.withLock { $0.deferred } }

    /// Starts sending `batch`. When the offset is 30 min old (playback clock) it is measured
    /// again first, in the same task, so this batch and every later one carry the new offset:
    /// which batch follows a resync depends only on the playback clock. Offline sessions keep
    /// `ClockOffset` 0: there is no server to measure against.
    private func launch(_ batch: [AnalyticsEvent], atMs now: Int64) {
        let resync =
            !isDeferred
            && clockOffset.withLock { state in
                guard now - state.measuredMs >= Self.clockResyncIntervalMs else { return false }
                state.measuredMs = now
                return true
            }
        // Published under the lock it clears it with: a task that finished at once cannot have
        // cleared it (or started the next batch) before it is published.
        flight.withLock { flight in
            flight = Task {
                if resync { await self.resyncClock() }
                await self.send(batch)
            }
        }
    }

    /// A failed measurement keeps the previous offset.
    private func resyncClock() async {
        let environment = route.withLock { $0.environment }
        guard let measured = await services.measureClockOffset(environment) else { return }
        clockOffset.withLock { $0.offsetMs = measured }
    }

    private func send(_ events: [AnalyticsEvent]) async {
        let current = route.withLock { $0 }
        let batch = AnalyticsBatch(
            customer: customer, businessUnit: businessUnit, sessionId: sessionId,
            dispatchTime: services.now(), clockOffset: clockOffset.withLock { $0.offsetMs },
            payload: events)
        var outcome = await services.deliver(batch, route: current)
        if outcome == .unauthorized, let renewed = services.currentToken(), renewed != current.sessionToken {
            // Retried once with the renewed token; the outbox keeps it for later batches too.
            route.withLock { $0.sessionToken = renewed }
            await services.retarget(sessionId: sessionId, route: route.withLock { $0 })
            outcome = await services.deliver(batch, route: route.withLock { $0 })
        }
        // The outbox first: between clearing the flight and the machine hearing the outcome,
        // `finish` has nothing to wait for, so that gap is kept to two locks.
        switch outcome {
        case .delivered: await services.acknowledge(events, sessionId: sessionId)
        case .rejected(let status): await services.reject(events, sessionId: sessionId, status: status)
        case .retry, .unauthorized: break
        }
        // Cleared before the machine hears the outcome: from then on the loop may start the next
        // batch, and its task must not be overwritten here.
        flight.withLock { $0 = nil }
        switch outcome {
        case .delivered, .rejected: machine.withLock { $0.delivered() }
        case .retry, .unauthorized:
            let now = services.now()
            machine.withLock { $0.failed(atMs: now) }
        }
        _ = advance()
    }
}
