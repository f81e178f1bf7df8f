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

    /// How often the clock offset is measured again, ms of playback time.
    package static let clockResyncIntervalMs: Int64 = 30 * 60_000

    /// Numbering, batching, heartbeats and retries.
    package private(set) var machine: SessionReportMachine
    /// Where batches go; its token is replaced when the EventSink refused an expired one.
    package private(set) var route: AnalyticsRoute
    /// The clock offset batches carry (nil: not measured).
    package private(set) var clockOffsetMs: Int64?
    /// When the offset was last measured (playback clock).
    private var clockMeasuredMs: Int64
    /// The playhead of the last event that had one: heartbeats carry it.
    private var lastOffsetMs: Int64?

    /// A session whose offset `clockOffsetMs` was measured at `nowMs`.
    package init(machine: SessionReportMachine, route: AnalyticsRoute, clockOffsetMs: Int64?, nowMs: Int64) {
        self.machine = machine
        self.route = route
        self.clockOffsetMs = clockOffsetMs
        clockMeasuredMs = nowMs
    }

    /// Records an event at `nowMs` (with the playhead at `offsetMs` when it has one), and
    /// `deviceInfo` right after it when given; returns the events to store: the heartbeats owed
    /// first, then these. None once the session has ended.
    package mutating func record(
        _ type: String, fields: [String: JSONValue], deviceInfo: [String: JSONValue]?, offsetMs: Int64?, atMs nowMs: Int64
    ) -> [AnalyticsEvent] {
        let previousOffset = lastOffsetMs
        lastOffsetMs = offsetMs ?? lastOffsetMs
        // Heartbeats owed come first, whether or not the caller woke for them.
        var recorded = machine.heartbeatsOwed(byMs: nowMs, lastOffsetMs: previousOffset)
        guard let event = machine.record(type, fields: fields, offsetMs: offsetMs, atMs: nowMs) else { return recorded }
        recorded.append(event)
        if let deviceInfo, let info = machine.record(AnalyticsEventType.deviceInfo, fields: deviceInfo, offsetMs: nil, atMs: nowMs) {
            recorded.append(info)
        }
        return recorded
    }

    /// Adds the heartbeats owed by `nowMs` and takes the batch due: returns the heartbeats to
    /// store, the batch to send, and when to come back (nil: nothing will happen on its own).
    package mutating func advance(toMs nowMs: Int64) -> (store: [AnalyticsEvent], send: Send?, nextWakeMs: Int64?) {
        let (heartbeats, batch, wake) = machine.advance(toMs: nowMs, lastOffsetMs: lastOffsetMs)
        return (heartbeats, batch.map { send($0, atMs: nowMs) }, wake)
    }

    /// Takes everything queued as one batch (a process about to exit), nil when nothing is.
    package mutating func takeBatch(atMs nowMs: Int64) -> Send? {
        machine.takeBatch().map { send($0, atMs: nowMs) }
    }

    /// The batch as it goes: when the offset is 30 min old (playback clock) it is measured again
    /// first, so this batch and every later one carry the new offset: which batch follows a
    /// resync depends only on the playback clock. Offline sessions keep `ClockOffset` 0: there
    /// is no server to measure against.
    private mutating func send(_ batch: [AnalyticsEvent], atMs nowMs: Int64) -> Send {
        let resync = !machine.deferred && nowMs - clockMeasuredMs >= Self.clockResyncIntervalMs
        if resync { clockMeasuredMs = nowMs }
        return Send(batch: batch, resyncClock: resync)
    }

    /// Keeps a newly measured offset for this and later batches.
    package mutating func measuredClockOffset(_ offsetMs: Int64) { clockOffsetMs = offsetMs }

    /// Sends later batches with `token`; returns the route they now take.
    package mutating func renewToken(_ token: SessionToken) -> AnalyticsRoute {
        route.sessionToken = token
        return route
    }

    /// The batch on its way was acknowledged, or refused for good: it is done with.
    package mutating func delivered() { machine.delivered() }

    /// The batch on its way failed at `nowMs`: it is tried again after the backoff.
    package mutating func failed(atMs nowMs: Int64) { machine.failed(atMs: nowMs) }
}
