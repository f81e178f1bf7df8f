import Clocks
import ExposureModels

/// One play session's reporting as a value: it numbers events, adds heartbeats, decides when a
/// batch goes out and when a failed one is tried again. It does no I/O and reads no clock: every
/// input carries the time (playback clock, ms), so each rule is a plain unit test.
package struct SessionReportMachine: Sendable {
    /// How long events wait to travel together, ms (the official SDK's dispatch period).
    package static let batchIntervalMs: Int64 = 3_000
    /// The waits between tries of a failing batch: from a second, doubling up to a minute.
    package static let backoff = Backoff(first: .seconds(1), longest: .seconds(60))

    /// A heartbeat goes out after this long without any event, ms (`analytics.postInterval`).
    package let heartbeatIntervalMs: Int64
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
    private var lastEventMs: Int64?
    private var batchDueMs: Int64?
    private var retryNotBeforeMs: Int64?

    /// A fresh session whose first event gets `firstSequenceNumber` (1, or where a reloaded
    /// session left off).
    package init(heartbeatIntervalMs: Int64, deferred: Bool, commonFields: [String: JSONValue], firstSequenceNumber: Int64 = 1) {
        self.heartbeatIntervalMs = max(1_000, heartbeatIntervalMs)
        self.deferred = deferred
        self.commonFields = commonFields
        nextSequenceNumber = firstSequenceNumber
    }

    /// Whether nothing is waiting to be sent or on its way.
    package var isIdle: Bool { queued.isEmpty && inFlight == nil }

    /// Numbers and queues an event that happened at `atMs`; nil once the session has ended.
    package mutating func record(_ type: String, fields: [String: JSONValue], offsetMs: Int64?, atMs: Int64) -> AnalyticsEvent? {
        guard !ended else { return nil }
        let event = AnalyticsEvent(
            eventType: type, timestamp: atMs, offsetTime: offsetMs, sequenceNumber: nextSequenceNumber,
            fields: commonFields.merging(fields) { $1 })
        nextSequenceNumber += 1
        queued.append(event)
        lastEventMs = atMs
        if AnalyticsEventType.terminal.contains(type) {
            ended = true
            batchDueMs = atMs
        } else {
            batchDueMs = batchDueMs ?? atMs + Self.batchIntervalMs
        }
        return event
    }

    /// The heartbeats owed by `nowMs` (a post interval after the last event, and after each
    /// heartbeat), queued and returned so they can be stored: called before recording an event,
    /// so they keep their place before it however late the caller looks.
    package mutating func heartbeatsOwed(byMs nowMs: Int64, lastOffsetMs: Int64?) -> [AnalyticsEvent] {
        var heartbeats: [AnalyticsEvent] = []
        while !ended, let last = lastEventMs, nowMs >= last + heartbeatIntervalMs,
            let beat = record(AnalyticsEventType.heartbeat, fields: [:], offsetMs: lastOffsetMs, atMs: last + heartbeatIntervalMs)
        {
            heartbeats.append(beat)
        }
        return heartbeats
    }

    /// What is due by `nowMs`: the heartbeats owed (already queued, returned so they can be
    /// stored), the batch to send now, and when to look again.
    package mutating func advance(toMs nowMs: Int64, lastOffsetMs: Int64?) -> (
        heartbeats: [AnalyticsEvent], send: [AnalyticsEvent]?, nextWakeMs: Int64?
    ) {
        let heartbeats = heartbeatsOwed(byMs: nowMs, lastOffsetMs: lastOffsetMs)
        var send: [AnalyticsEvent]?
        if !deferred, let due = dueMs, nowMs >= due {
            send = takeBatch()
        }
        return (heartbeats, send, nextWakeMs)
    }

    /// Everything queued, at once (a flush of a deferred session, or the last batch at exit).
    package mutating func takeBatch() -> [AnalyticsEvent]? {
        guard inFlight == nil, !queued.isEmpty else { return nil }
        inFlight = queued
        queued = []
        batchDueMs = nil
        return inFlight
    }

    /// The batch on its way arrived.
    package mutating func delivered() {
        inFlight = nil
        failures = 0
        retryNotBeforeMs = nil
    }

    /// The batch on its way failed at `atMs`: it goes back to the front of the queue, keeping
    /// its sequence numbers, and is tried again after a backoff that doubles up to a minute.
    package mutating func failed(atMs: Int64) {
        guard let batch = inFlight else { return }
        queued = batch + queued
        inFlight = nil
        failures += 1
        retryNotBeforeMs = atMs + Self.backoff.delay(beforeRetry: failures).wholeMilliseconds
        batchDueMs = batchDueMs ?? atMs
    }

    /// When the queued events may go: their batch time, not before a retry's backoff.
    private var dueMs: Int64? {
        guard inFlight == nil, !queued.isEmpty else { return nil }
        let due = batchDueMs ?? 0
        return retryNotBeforeMs.map { max($0, due) } ?? due
    }

    /// The next instant something happens on its own: a batch or retry, or a heartbeat's batch.
    /// A heartbeat needs no wake of its own: it is dated a post interval after the last event
    /// and queued when its batch is due, 3 s later (or before the next event), so a silent
    /// playback wakes once per heartbeat, not twice. Read at every step of the playback loop:
    /// it allocates nothing.
    package var nextWakeMs: Int64? {
        let heartbeat = ended ? nil : lastEventMs.map { $0 + heartbeatIntervalMs + Self.batchIntervalMs }
        let batch = deferred ? nil : dueMs
        guard let heartbeat else { return batch }
        guard let batch else { return heartbeat }
        return min(heartbeat, batch)
    }
}
