import Clocks
import ExposureModels

/// Everything a ``PlaySessionReporter`` knows, as one value behind its one lock: the report
/// machine, where batches go, the clock offset and the playhead last reported. Each change
/// returns what the reporter must do about it (store events, send a batch, measure the clock
/// offset), which it does outside the lock; so every rule is a plain unit test.
package struct ReporterState: Sendable {
    /// A batch to send, and whether the clock offset is measured again before it goes.
    package struct Send: Sendable, Equatable {
        package var batch: [AnalyticsEvent]
        package var resyncClock: Bool

        /// `batch`, measuring the clock offset first when `resyncClock`.
        package init(batch: [AnalyticsEvent], resyncClock: Bool) {
            self.batch = batch
            self.resyncClock = resyncClock
        }
    }

    /// How often the clock offset is measured again, in playback time.
    package static let clockResyncInterval: Duration = .seconds(30 * 60)

    /// Numbering, batching, heartbeats and retries.
    package private(set) var machine: SessionReportMachine
    /// Where batches go; its token is replaced when the EventSink refused an expired one.
    package private(set) var route: AnalyticsRoute
    /// The clock offset batches carry (nil: not measured).
    package private(set) var clockOffset: Duration?
    /// When the offset was last measured (playback clock).
    private var clockMeasured: WallTime
    /// The playhead of the last event that had one: heartbeats carry it.
    private var lastOffset: Duration?

    /// A session whose offset `clockOffset` was measured at `now`.
    package init(machine: SessionReportMachine, route: AnalyticsRoute, clockOffset: Duration?, now: WallTime) {
        self.machine = machine
        self.route = route
        self.clockOffset = clockOffset
        clockMeasured = now
    }

    /// Records an event at `now` (with the playhead at `offset` when it has one), and
    /// `deviceInfo` right after it when given; returns the events to store: the heartbeats owed
    /// first, then these. None once the session has ended.
    package mutating func record(
        _ type: String, fields: [String: JSONValue], deviceInfo: [String: JSONValue]?, offset: Duration?, at now: WallTime
    ) -> [AnalyticsEvent] {
        let previousOffset = lastOffset
        lastOffset = offset ?? lastOffset
        // Heartbeats owed come first, whether or not the caller woke for them.
        var recorded = machine.heartbeatsOwed(by: now, lastOffset: previousOffset)
        guard let event = machine.record(type, fields: fields, offset: offset, at: now) else { return recorded }
        recorded.append(event)
        if let deviceInfo, let info = machine.record(AnalyticsEventType.deviceInfo, fields: deviceInfo, offset: nil, at: now) {
            recorded.append(info)
        }
        return recorded
    }

    /// Adds the heartbeats owed by `now` and takes the batch due: returns the heartbeats to
    /// store, the batch to send, and when to come back (nil: nothing will happen on its own).
    package mutating func advance(to now: WallTime) -> (store: [AnalyticsEvent], send: Send?, nextWake: WallTime?) {
        let (heartbeats, batch, wake) = machine.advance(to: now, lastOffset: lastOffset)
        return (heartbeats, batch.map { send($0, at: now) }, wake)
    }

    /// Takes everything queued as one batch (a process about to exit), nil when nothing is.
    package mutating func takeBatch(at now: WallTime) -> Send? {
        machine.takeBatch().map { send($0, at: now) }
    }

    /// The batch as it goes: when the offset is 30 min old (playback clock) it is measured again
    /// first, so this batch and every later one carry the new offset: which batch follows a
    /// resync depends only on the playback clock. Offline sessions keep `ClockOffset` 0: there
    /// is no server to measure against.
    private mutating func send(_ batch: [AnalyticsEvent], at now: WallTime) -> Send {
        let resync = !machine.deferred && now - clockMeasured >= Self.clockResyncInterval
        if resync { clockMeasured = now }
        return Send(batch: batch, resyncClock: resync)
    }

    /// Keeps a newly measured offset for this and later batches.
    package mutating func measuredClockOffset(_ offset: Duration) { clockOffset = offset }

    /// Sends later batches with `token`; returns the route they now take.
    package mutating func renewToken(_ token: SessionToken) -> AnalyticsRoute {
        route.sessionToken = token
        return route
    }

    /// The batch on its way was acknowledged, or refused for good: it is done with.
    package mutating func delivered() { machine.delivered() }

    /// The batch on its way failed at `now`: it is tried again after the backoff.
    package mutating func failed(at now: WallTime) { machine.failed(at: now) }
}
