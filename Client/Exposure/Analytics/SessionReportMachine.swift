import Clocks
import ExposureModels

/// One play session's reporting as a value: it numbers events, adds heartbeats, decides when a
/// batch goes out and when a failed one is tried again. It does no I/O and reads no clock: every
/// input carries the time (the playback clock's `WallTime`), so each rule is a plain unit test.
package struct SessionReportMachine: Sendable {
    /// How long events wait to travel together (the official SDK's dispatch period).
    package static let batchInterval: Duration = .seconds(3)
    /// The waits between tries of a failing batch: from a second, doubling up to a minute.
    package static let backoff = Backoff(first: .seconds(1), longest: .seconds(60))

    /// A heartbeat goes out after this long without any event (`analytics.postInterval`).
    package let heartbeatInterval: Duration
    /// Deferred sessions (offline playback) send nothing until flushed.
    package let deferred: Bool
    /// The fields every event carries.
    package let commonFields: [String: JSONValue]

    package private(set) var nextSequenceNumber: Int64 = 1
    /// Recorded and not yet sent (or sent and failed), oldest first.
    package private(set) var queued: [AnalyticsEvent] = []
    /// The batch on its way, if any.
    package private(set) var inFlight: [AnalyticsEvent]?
    /// Whether Completed, Aborted or Error has been recorded: nothing more is.
    package private(set) var ended = false
    /// Consecutive failed tries of the current batch.
    package private(set) var failures = 0
    private var lastEvent: WallTime?
    private var batchDue: WallTime?
    private var retryNotBefore: WallTime?

    /// A fresh session whose first event gets `firstSequenceNumber` (1, or where a reloaded
    /// session left off). A heartbeat interval under a second is a second.
    package init(heartbeatInterval: Duration, deferred: Bool, commonFields: [String: JSONValue], firstSequenceNumber: Int64 = 1) {
        self.heartbeatInterval = max(.seconds(1), heartbeatInterval)
        self.deferred = deferred
        self.commonFields = commonFields
        nextSequenceNumber = firstSequenceNumber
    }

    /// Whether nothing is waiting to be sent or on its way.
    package var isIdle: Bool { queued.isEmpty && inFlight == nil }

    /// Numbers and queues an event that happened at `time`, with the playhead at `offset` when
    /// it has one (both sent as whole milliseconds); nil once the session has ended.
    package mutating func record(_ type: String, fields: [String: JSONValue], offset: Duration?, at time: WallTime) -> AnalyticsEvent? {
        guard !ended else { return nil }
        let event = AnalyticsEvent(
            eventType: type, timestamp: time.millisecondsSince1970, offsetTime: offset?.wholeMilliseconds,
            sequenceNumber: nextSequenceNumber, fields: commonFields.merging(fields) { $1 })
        nextSequenceNumber += 1
        queued.append(event)
        lastEvent = time
        if AnalyticsEventType.terminal.contains(type) {
            ended = true
            batchDue = time
        } else {
            batchDue = batchDue ?? time + Self.batchInterval
        }
        return event
    }

    /// The heartbeats owed by `now` (a post interval after the last event, and after each
    /// heartbeat), queued and returned so they can be stored: called before recording an event,
    /// so they keep their place before it however late the caller looks.
    package mutating func heartbeatsOwed(by now: WallTime, lastOffset: Duration?) -> [AnalyticsEvent] {
        var heartbeats: [AnalyticsEvent] = []
        while !ended, let last = lastEvent, now >= last + heartbeatInterval,
            let beat = record(AnalyticsEventType.heartbeat, fields: [:], offset: lastOffset, at: last + heartbeatInterval)
        {
            heartbeats.append(beat)
        }
        return heartbeats
    }

    /// What is due by `now`: the heartbeats owed (already queued, returned so they can be
    /// stored), the batch to send now, and when to look again.
    package mutating func advance(to now: WallTime, lastOffset: Duration?) -> (
        heartbeats: [AnalyticsEvent], send: [AnalyticsEvent]?, nextWake: WallTime?
    ) {
        let heartbeats = heartbeatsOwed(by: now, lastOffset: lastOffset)
        var send: [AnalyticsEvent]?
        if !deferred, let due, now >= due {
            send = takeBatch()
        }
        return (heartbeats, send, nextWake)
    }

    /// Everything queued, at once (a flush of a deferred session, or the last batch at exit).
    package mutating func takeBatch() -> [AnalyticsEvent]? {
        guard inFlight == nil, !queued.isEmpty else { return nil }
        inFlight = queued
        queued = []
        batchDue = nil
        return inFlight
    }

    /// The batch on its way arrived.
    package mutating func delivered() {
        inFlight = nil
        failures = 0
        retryNotBefore = nil
    }

    /// The batch on its way failed at `time`: it goes back to the front of the queue, keeping
    /// its sequence numbers, and is tried again after a backoff that doubles up to a minute.
    package mutating func failed(at time: WallTime) {
        guard let batch = inFlight else { return }
        queued = batch + queued
        inFlight = nil
        failures += 1
        retryNotBefore = time + Self.backoff.delay(beforeRetry: failures)
        batchDue = batchDue ?? time
    }

    /// When the queued events may go: their batch time, not before a retry's backoff.
    private var due: WallTime? {
        guard inFlight == nil, !queued.isEmpty else { return nil }
        let due = batchDue ?? .epoch
        return retryNotBefore.map { max($0, due) } ?? due
    }

    /// The next instant something happens on its own: a batch or retry, or a heartbeat's batch.
    /// A heartbeat needs no wake of its own: it is dated a post interval after the last event
    /// and queued when its batch is due, 3 s later (or before the next event), so a silent
    /// playback wakes once per heartbeat, not twice. Read at every step of the playback loop:
    /// it allocates nothing.
    package var nextWake: WallTime? {
        let heartbeat = ended ? nil : lastEvent.map { $0 + heartbeatInterval + Self.batchInterval }
        let batch = deferred ? nil : due
        guard let heartbeat else { return batch }
        guard let batch else { return heartbeat }
        return min(heartbeat, batch)
    }
}
