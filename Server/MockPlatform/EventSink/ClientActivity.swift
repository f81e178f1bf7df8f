import ExposureModels
import Synchronization

/// What clients reported while playing: analytics events and ad beacons, newest kept when full.
/// An event whose play session already has its `SequenceNumber` is a retry the platform has:
/// it is dropped and counted, so nothing is recorded (or acted on) twice.
///
/// Kept in memory (not in the state store): it is evidence for tests, and `POST /_mock/reset`
/// clears it with the journal.
public final class ClientActivity: Sendable {
    private struct Logs {
        var events: [RecordedAnalyticsEvent] = []
        var beacons: [RecordedBeacon] = []
        /// Per play session, the sequence numbers received and how many repeats were dropped.
        var sessions: [String: SessionLedger] = [:]
        /// Play sessions in the order their first event arrived.
        var sessionOrder: [String] = []
    }

    private struct SessionLedger {
        var numbers: Set<Int64> = []
        var duplicatesDropped = 0
    }

    /// How many events and how many beacons it keeps.
    public let capacity: Int
    private let logs = Mutex(Logs())

    /// An empty record keeping at most `capacity` events and as many beacons.
    public init(capacity: Int = 50_000) { self.capacity = max(1, capacity) }

    /// Stores the events of one play session's batch that the platform does not have yet and
    /// returns them; repeats (same `SequenceNumber` as one already received) are counted, not kept.
    func record(_ events: [RecordedAnalyticsEvent], sessionId: String) -> [RecordedAnalyticsEvent] {
        logs.withLock { logs in
            if logs.sessions[sessionId] == nil { logs.sessionOrder.append(sessionId) }
            var ledger = logs.sessions[sessionId] ?? SessionLedger()
            let fresh = events.filter { recorded in
                guard let number = recorded.event.sequenceNumber else { return true }
                guard ledger.numbers.insert(number).inserted else {
                    ledger.duplicatesDropped += 1
                    return false
                }
                return true
            }
            logs.sessions[sessionId] = ledger
            logs.events.append(contentsOf: fresh)
            if logs.events.count > capacity { logs.events.removeFirst(logs.events.count - capacity) }
            return fresh
        }
    }

    /// Stores one beacon hit.
    func record(_ beacon: RecordedBeacon) {
        logs.withLock { logs in
            logs.beacons.append(beacon)
            if logs.beacons.count > capacity { logs.beacons.removeFirst(logs.beacons.count - capacity) }
        }
    }

    /// The play sessions that sent events, in the order their first event arrived.
    public var sessionIds: [String] { logs.withLock { $0.sessionOrder } }

    /// How many repeated events of `sessionId` were dropped.
    public func duplicatesDropped(sessionId: String) -> Int {
        logs.withLock { $0.sessions[sessionId]?.duplicatesDropped ?? 0 }
    }

    /// Events received, oldest first, optionally of one play session, account or event type.
    public func events(sessionId: String? = nil, accountId: String? = nil, eventType: String? = nil) -> [RecordedAnalyticsEvent] {
        logs.withLock { $0.events }.filter { recorded in
            (sessionId.map { recorded.sessionId == $0 } ?? true)
                && (accountId.map { recorded.accountId == $0 } ?? true)
                && (eventType.map { recorded.event.eventType == $0 } ?? true)
        }
    }

    /// Beacons received, oldest first, optionally of one play session.
    public func beacons(playSessionId: String? = nil) -> [RecordedBeacon] {
        logs.withLock { $0.beacons }.filter { beacon in playSessionId.map { beacon.playSessionId == $0 } ?? true }
    }

    /// Forgets everything.
    public func removeAll() { logs.withLock { $0 = Logs() } }
}

/// One analytics event as the platform received it.
public struct RecordedAnalyticsEvent: Codable, Sendable, Equatable {
    /// When the batch arrived, ms since 1970 on the platform clock.
    public var receivedMs: Int64
    /// The account of the token that sent it.
    public var accountId: String
    /// The batch's `SessionId` (the play session).
    public var sessionId: String
    /// The batch's `ClockOffset`, if sent.
    public var clockOffset: Int64?
    /// The event as sent.
    public var event: AnalyticsEvent

    /// A recorded event.
    public init(receivedMs: Int64, accountId: String, sessionId: String, clockOffset: Int64?, event: AnalyticsEvent) {
        self.receivedMs = receivedMs
        self.accountId = accountId
        self.sessionId = sessionId
        self.clockOffset = clockOffset
        self.event = event
    }
}

/// One ad tracking beacon (impression, quartile, complete, click) a client fired.
public struct RecordedBeacon: Codable, Sendable, Equatable {
    /// When it arrived, ms since 1970 on the platform clock.
    public var receivedMs: Int64
    /// The play session whose entitlement handed out the beacon URL.
    public var playSessionId: String
    /// The index of the clip in the entitlement's `ads.clips`.
    public var clipIndex: Int
    /// `impression`, `load`, `start`, `firstQuartile`, `midpoint`, `thirdQuartile`, `complete` or `click`.
    public var event: String

    /// A recorded beacon.
    public init(receivedMs: Int64, playSessionId: String, clipIndex: Int, event: String) {
        self.receivedMs = receivedMs
        self.playSessionId = playSessionId
        self.clipIndex = clipIndex
        self.event = event
    }
}
