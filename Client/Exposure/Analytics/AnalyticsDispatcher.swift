import Clocks
import ExposureModels
import Foundation
import Synchronization

/// The SDK's analytics: one per app (the Player makes one from its dependencies). It starts a
/// ``PlaySessionReporter`` per playback the entitlement samples in, keeps every event in the
/// outbox until the EventSink has it, and sends what earlier runs or offline playback left
/// behind with ``flushPending(includingOffline:timeout:)``.
public final class AnalyticsDispatcher: Sendable {
    /// What the app decides about analytics.
    public struct Configuration: Sendable {
        /// `false` sends nothing at all (the official `enableAnalytics`).
        public var enabled: Bool
        /// Sends every batch here instead of the entitlement's `analytics.baseUrl` (the official
        /// `analyticsBaseUrl`): a base URL, `/v2/customer/{cu}/businessunit/{bu}/eventsink/…` is appended.
        public var baseUrlOverride: String?
        /// The device and app facts events carry.
        public var reporting: AnalyticsReporting

        /// A configuration.
        public init(enabled: Bool = true, baseUrlOverride: String? = nil, reporting: AnalyticsReporting) {
            self.enabled = enabled
            self.baseUrlOverride = baseUrlOverride
            self.reporting = reporting
        }
    }

    /// What a flush did.
    public struct FlushResult: Sendable, Equatable {
        /// Events the EventSink acknowledged.
        public var sent: Int
        /// Events still waiting (the EventSink could not be reached or answered 5xx).
        public var waiting: Int

        /// A result.
        public init(sent: Int, waiting: Int) {
            self.sent = sent
            self.waiting = waiting
        }
    }

    private let configuration: Configuration
    private let services: ReporterServices
    private let random: @Sendable () -> Double
    private let live: LiveSessions

    /// A dispatcher.
    /// - Parameters:
    ///   - outbox: where unacknowledged events wait; nil keeps them in memory only.
    ///   - clock: the playback clock (events' `Timestamp`, batch and heartbeat times).
    ///   - currentToken: the app's current session token, asked after a 401 so a renewed token is used.
    ///   - random: a number in 0..<1 per playback, for `analytics.percentage` sampling.
    public init(
        configuration: Configuration, outbox: AnalyticsOutbox?, transport: any HTTPTransport = AutomaticTransport.shared,
        clock: any WallClock, currentToken: @escaping @Sendable () -> SessionToken? = { nil },
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
        log: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.configuration = configuration
        services = ReporterServices(
            clock: clock, reporting: configuration.reporting, outbox: outbox, transport: transport,
            currentToken: currentToken, log: log)
        self.random = random
        live = LiveSessions()
    }

    /// Starts reporting a playback: measures the clock offset (`eventsink/init`) and returns the
    /// reporter, or nil when analytics are off or the entitlement's `percentage` samples it out.
    public func beginSession(
        playSessionId: String, environment: Environment, sessionToken: SessionToken?, settings: AnalyticsSettings?,
        cdnVendor: String? = nil
    ) async -> PlaySessionReporter? {
        guard configuration.enabled, isSampled(settings) else { return nil }
        let route = route(environment: environment, settings: settings, sessionToken: sessionToken)
        let offset = await services.measureClockOffset(route.environment)
        return makeReporter(
            sessionId: playSessionId, route: route, clockOffset: offset, settings: settings,
            cdnVendor: cdnVendor, deferred: false)
    }

    /// Starts recording an offline playback of a download: its events wait in the outbox under
    /// `{playSessionId}_{playback}` with `ClockOffset` 0 until ``flushPending(includingOffline:timeout:)``
    /// with `includingOffline`. `playback` is by default the next number the outbox gives this
    /// download, so every playback has a session of its own. Nil when analytics are off or there is
    /// no outbox for the events to wait in.
    public func beginOfflineSession(
        playSessionId: String, playback: Int? = nil, environment: Environment, sessionToken: SessionToken?, settings: AnalyticsSettings?
    ) -> PlaySessionReporter? {
        guard configuration.enabled, let outbox = services.outbox else { return nil }
        let number: Int
        do {
            number = try playback ?? outbox.nextOfflinePlayback(playSessionId: playSessionId)
        } catch {
            services.log("analytics outbox: cannot number an offline playback of \(playSessionId): \(error)")
            return nil
        }
        let route = route(environment: environment, settings: settings, sessionToken: sessionToken)
        return makeReporter(
            sessionId: "\(playSessionId)_\(number)", route: route, clockOffset: .zero, settings: settings,
            cdnVendor: nil, deferred: true)
    }

    /// Sends the events waiting in the outbox from earlier runs (a process that was killed, an
    /// EventSink that was down) — and offline playbacks' too with `includingOffline` (the official
    /// `flushOfflineAnalytics()`). Online sessions this process is still reporting are left to their reporter.
    /// Flushes of one outbox run one at a time, so no event is sent twice by two of them.
    ///
    /// `timeout` (real time) bounds only a failing EventSink: once a try to one has failed, no new
    /// one to it starts after the timeout, and the sessions not tried wait for the next flush
    /// without counting a failed flush. Tries that succeed go on, so a healthy EventSink gets
    /// everything however slowly this process runs.
    public func flushPending(includingOffline: Bool = false, timeout: Duration = .seconds(10)) async -> FlushResult {
        guard let outbox = services.outbox else { return FlushResult(sent: 0, waiting: 0) }
        return await outbox.oneFlushAtATime { await self.send(pendingIn: outbox, includingOffline: includingOffline, timeout: timeout) }
    }

    private func send(pendingIn outbox: AnalyticsOutbox, includingOffline: Bool, timeout: Duration) async -> FlushResult {
        guard let pending = try? await outbox.pending() else { return FlushResult(sent: 0, waiting: 0) }
        let deadline = ContinuousClock.now + timeout
        var result = FlushResult(sent: 0, waiting: 0)
        // The EventSinks (by base URL) a try to has failed in this flush.
        var failing: Set<String> = []
        // An offline session's reporter never sends (it defers to this flush); a live online one
        // sends its own events.
        for session in pending where session.deferred ? includingOffline : !live.contains(session.sessionId) {
            guard !session.events.isEmpty else { continue }
            if failing.contains(session.route.environment.baseUrl), ContinuousClock.now >= deadline {
                result.waiting += session.events.count
                continue
            }
            let batch = AnalyticsBatch(
                customer: session.route.environment.customer, businessUnit: session.route.environment.businessUnit,
                sessionId: session.sessionId, dispatchTime: services.clock.now.millisecondsSince1970,
                clockOffset: session.clockOffset?.wholeMilliseconds,
                payload: session.events)
            var outcome = await services.deliver(batch, route: session.route)
            if outcome == .unauthorized, let token = services.currentToken() {
                var renewed = session.route
                renewed.sessionToken = token
                outcome = await services.deliver(batch, route: renewed)
            }
            switch outcome {
            case .delivered:
                await services.acknowledge(session.events, sessionId: session.sessionId)
                result.sent += session.events.count
            case .rejected(let status):
                await services.reject(session.events, sessionId: session.sessionId, status: status)
            case .retry, .unauthorized:
                failing.insert(session.route.environment.baseUrl)
                // An EventSink that never answers (a mock long gone from its port) must not keep
                // events forever: after this many flushes at later starts they are given up.
                if let failures = try? await outbox.countFailedFlush(sessionId: session.sessionId), failures >= Self.flushAttempts {
                    services.log(
                        "analytics: \(session.events.count) event(s) of \(session.sessionId) undeliverable after \(failures) flushes; dropped"
                    )
                    await services.acknowledge(session.events, sessionId: session.sessionId)
                } else {
                    result.waiting += session.events.count
                }
            }
        }
        return result
    }

    /// How many flushes may fail to deliver a session's events before they are dropped.
    public static let flushAttempts = 20

    /// Sends offline playbacks' events and everything else waiting (the official
    /// `BackgroundAnalyticsManager().flushOfflineAnalytics()`).
    @discardableResult
    public func flushOfflineAnalytics() async -> FlushResult { await flushPending(includingOffline: true) }

    private func isSampled(_ settings: AnalyticsSettings?) -> Bool {
        let percentage = settings?.percentage ?? 100
        guard percentage > 0 else { return false }
        return percentage >= 100 || random() * 100 < Double(percentage)
    }

    private func route(environment: Environment, settings: AnalyticsSettings?, sessionToken: SessionToken?) -> AnalyticsRoute {
        let base = configuration.baseUrlOverride ?? settings?.baseUrl ?? environment.baseUrl
        return AnalyticsRoute(
            environment: Environment(baseUrl: base, customer: environment.customer, businessUnit: environment.businessUnit),
            sessionToken: sessionToken)
    }

    private func makeReporter(
        sessionId: String, route: AnalyticsRoute, clockOffset: Duration?, settings: AnalyticsSettings?, cdnVendor: String?, deferred: Bool
    ) -> PlaySessionReporter {
        let intervalSeconds = settings?.postInterval ?? 60
        var effective = settings ?? AnalyticsSettings()
        effective.postInterval = intervalSeconds
        let machine = SessionReportMachine(
            heartbeatInterval: .seconds(intervalSeconds), deferred: deferred,
            commonFields: configuration.reporting.commonFields(settings: effective, cdnVendor: cdnVendor))
        services.outbox?.open(sessionId: sessionId, route: route, clockOffset: clockOffset, deferred: deferred) { [services] error in
            services.log("analytics outbox: cannot record session \(sessionId): \(error)")
        }
        live.insert(sessionId)
        return PlaySessionReporter(
            sessionId: sessionId, route: route, clockOffset: clockOffset, machine: machine,
            services: services, onRelease: { [live] in live.remove(sessionId) })
    }
}

/// The sessions a reporter of this process owns, so a flush does not send their events twice.
final class LiveSessions: Sendable {
    private let ids = Mutex<Set<String>>([])
    func insert(_ id: String) { ids.withLock { _ = $0.insert(id) } }
    func remove(_ id: String) { ids.withLock { _ = $0.remove(id) } }
    func contains(_ id: String) -> Bool { ids.withLock { $0.contains(id) } }
}
