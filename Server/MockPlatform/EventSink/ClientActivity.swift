import Clocks
import ExposureModels
import Synchronization

/// What clients reported while playing: analytics events and ad beacons, the newest kept within
/// a count and a byte budget each (`capacity`, `byteCapacity`; a record's bytes are what it holds
/// in memory, ``HeapCost``). An event whose play session already has its `SequenceNumber` among
/// the events kept is a retry the platform has: it is dropped and counted, so nothing is recorded
/// (or acted on) twice. A play session's sequence numbers and counts are forgotten with its last
/// event kept, so sessions that come and go (made-up ones included) hold nothing once their
/// events are gone.
///
/// Kept in memory (not in the state store): it is evidence for tests, and `POST /_mock/reset`
/// clears it with the journal.
package final class ClientActivity: Sendable {
    private struct Logs {
        var events: BoundedLog<RecordedAnalyticsEvent>
        var beacons: BoundedLog<RecordedBeacon>
        /// Per play session with events kept, the sequence numbers among them and how many
        /// repeats were dropped.
        var sessions: [String: SessionLedger] = [:]
    }

    private struct SessionLedger {
        var numbers: Set<Int64> = []
        var eventsKept = 0
        var duplicatesDropped = 0
    }

    /// The largest event accepted, bytes of JSON: a bigger one is refused with 413.
    package static let maxEventBytes = 64 * 1024

    /// How many events and how many beacons it keeps.
    package let capacity: Int
    /// How many bytes of events, and as many of beacons, it keeps (``HeapCost`` estimates).
    package let byteCapacity: Int
    private let logs: Mutex<Logs>

    /// An empty record keeping at most `capacity` events and as many beacons, each within `byteCapacity`.
    package init(capacity: Int = 50_000, byteCapacity: Int = 32 << 20) {
        self.capacity = max(1, capacity)
        self.byteCapacity = max(1, byteCapacity)
        logs = Mutex(Self.emptyLogs(capacity: capacity, byteCapacity: byteCapacity))
    }

    /// Stores the events of one play session's batch that the platform does not have yet and
    /// returns them; repeats (same `SequenceNumber` as one kept) are counted, not kept.
    func record(_ events: [RecordedAnalyticsEvent], sessionId: String) -> [RecordedAnalyticsEvent] {
        guard !events.isEmpty else { return [] }
        // Measured before the lock: a large event is a walk through every value it holds.
        let measured = events.map { (element: $0, bytes: $0.heldBytes) }
        let outcome = logs.withLock { logs -> (fresh: [RecordedAnalyticsEvent], displaced: [RecordedAnalyticsEvent]) in
            var ledger = logs.sessions[sessionId] ?? SessionLedger()
            let fresh = measured.filter { recorded in
                guard let number = recorded.element.event.sequenceNumber else { return true }
                guard ledger.numbers.insert(number).inserted else {
                    ledger.duplicatesDropped += 1
                    return false
                }
                return true
            }
            guard !fresh.isEmpty || logs.sessions[sessionId] != nil else { return ([], []) }
            ledger.eventsKept += fresh.count
            logs.sessions[sessionId] = ledger
            // The displaced events come out of the lock, so freeing them holds up no other request.
            let displaced = logs.events.append(contentsOf: fresh)
            Self.forget(displaced, in: &logs)
            return (fresh.map(\.element), displaced)
        }
        return outcome.fresh
    }

    /// Takes events dropped for room out of their sessions' ledgers, and the ledgers of sessions
    /// left without events out altogether.
    private static func forget(_ dropped: [RecordedAnalyticsEvent], in logs: inout Logs) {
        for recorded in dropped {
            guard var ledger = logs.sessions[recorded.sessionId] else { continue }
            if let number = recorded.event.sequenceNumber { ledger.numbers.remove(number) }
            ledger.eventsKept -= 1
            logs.sessions[recorded.sessionId] = ledger.eventsKept > 0 ? ledger : nil
        }
    }

    /// Stores one beacon hit.
    func record(_ beacon: RecordedBeacon) {
        let bytes = beacon.heldBytes
        _ = logs.withLock { $0.beacons.append(beacon, bytes: bytes) }
    }

    /// What it keeps now against its bounds, events and beacons.
    package var usage: (events: StoreUsage, beacons: StoreUsage) {
        logs.withLock { logs in (StoreUsage(logs.events), StoreUsage(logs.beacons)) }
    }

    /// Each play session with events kept, in the order of its oldest event kept: its events,
    /// oldest first, and how many repeats were dropped. One pass over the events, however many sessions.
    package func sessions() -> [SessionActivity] {
        let (events, ledgers) = logs.withLock { ($0.events.elements, $0.sessions) }
        var order: [String] = []
        var bySession: [String: [RecordedAnalyticsEvent]] = [:]
        for recorded in events {
            if bySession[recorded.sessionId] == nil { order.append(recorded.sessionId) }
            bySession[recorded.sessionId, default: []].append(recorded)
        }
        return order.map { id in
            SessionActivity(sessionId: id, events: bySession[id] ?? [], duplicatesDropped: ledgers[id]?.duplicatesDropped ?? 0)
        }
    }

    /// How many repeated events of `sessionId` were dropped.
    package func duplicatesDropped(sessionId: String) -> Int {
        logs.withLock { $0.sessions[sessionId]?.duplicatesDropped ?? 0 }
    }

    /// Events received, oldest first, optionally of one play session, account or event type.
    package func events(sessionId: String? = nil, accountId: String? = nil, eventType: String? = nil) -> [RecordedAnalyticsEvent] {
        logs.withLock { $0.events.elements }.filter { recorded in
            (sessionId.map { recorded.sessionId == $0 } ?? true)
                && (accountId.map { recorded.accountId == $0 } ?? true)
                && (eventType.map { recorded.event.eventType == $0 } ?? true)
        }
    }

    /// Beacons received, oldest first, optionally of one play session.
    package func beacons(playSessionId: String? = nil) -> [RecordedBeacon] {
        logs.withLock { $0.beacons.elements }.filter { beacon in playSessionId.map { beacon.playSessionId == $0 } ?? true }
    }

    /// Forgets everything.
    package func removeAll() {
        // The records come out of the lock before they are freed.
        _ = logs.withLock { logs in
            defer { logs = Self.emptyLogs(capacity: capacity, byteCapacity: byteCapacity) }
            return logs
        }
    }

    private static func emptyLogs(capacity: Int, byteCapacity: Int) -> Logs {
        Logs(
            events: BoundedLog(capacity: capacity, byteCapacity: byteCapacity),
            beacons: BoundedLog(capacity: capacity, byteCapacity: byteCapacity))
    }
}

/// One play session's analytics as ``ClientActivity`` keeps them.
package struct SessionActivity: Sendable, Equatable {
    /// The play session (the batches' `SessionId`).
    package var sessionId: String
    /// Its events kept, oldest first.
    package var events: [RecordedAnalyticsEvent]
    /// How many repeated events were dropped.
    package var duplicatesDropped: Int
}

/// One analytics event as the platform received it.
///
/// Its JSON (`GET /_mock/analytics`) keeps the wire's `receivedMs`, milliseconds since 1970.
public struct RecordedAnalyticsEvent: Codable, Sendable, Equatable {
    /// When the batch arrived, on the platform clock.
    public var received: WallTime {
        get { wireReceived.instant }
        set { wireReceived = WireWallTime(newValue) }
    }
    /// The account of the token that sent it.
    public var accountId: String
    /// The batch's `SessionId` (the play session).
    public var sessionId: String
    /// The batch's `ClockOffset`, if sent.
    public var clockOffset: Int64?
    /// The event as sent.
    public var event: AnalyticsEvent

    private var wireReceived: WireWallTime

    /// A recorded event.
    public init(received: WallTime, accountId: String, sessionId: String, clockOffset: Int64?, event: AnalyticsEvent) {
        wireReceived = WireWallTime(received)
        self.accountId = accountId
        self.sessionId = sessionId
        self.clockOffset = clockOffset
        self.event = event
    }

    /// The wire's names.
    private enum CodingKeys: String, CodingKey {
        case wireReceived = "receivedMs"
        case accountId, sessionId, clockOffset, event
    }

    /// About what it holds in memory, bytes: its slot, its strings, its fields (the event type
    /// among them) and its share of its session's sequence-number set.
    var heldBytes: Int {
        MemoryLayout<Self>.stride + HeapCost.string(accountId) + HeapCost.string(sessionId) + HeapCost.object(event.fields)
            + 2 * MemoryLayout<Int64>.stride
    }
}

/// One ad tracking beacon (impression, quartile, complete, click) a client fired.
///
/// Its JSON (`GET /_mock/beacons`) keeps the wire's `receivedMs`, milliseconds since 1970.
public struct RecordedBeacon: Codable, Sendable, Equatable {
    /// When it arrived, on the platform clock.
    public var received: WallTime {
        get { wireReceived.instant }
        set { wireReceived = WireWallTime(newValue) }
    }
    /// The play session whose entitlement handed out the beacon URL.
    public var playSessionId: String
    /// The index of the clip in the entitlement's `ads.clips`.
    public var clipIndex: Int
    /// `impression`, `load`, `start`, `firstQuartile`, `midpoint`, `thirdQuartile`, `complete` or `click`.
    public var event: String

    private var wireReceived: WireWallTime

    /// A recorded beacon.
    public init(received: WallTime, playSessionId: String, clipIndex: Int, event: String) {
        wireReceived = WireWallTime(received)
        self.playSessionId = playSessionId
        self.clipIndex = clipIndex
        self.event = event
    }

    /// About what it holds in memory, bytes: its slot and its strings.
    var heldBytes: Int { MemoryLayout<Self>.stride + HeapCost.string(playSessionId) + HeapCost.string(event) }

    /// The wire's names.
    private enum CodingKeys: String, CodingKey {
        case wireReceived = "receivedMs"
        case playSessionId, clipIndex, event
    }
}
