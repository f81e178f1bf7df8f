import Clocks
import ExposureModels
import Foundation
import SQLiteStore
import Synchronization

/// Analytics events not yet acknowledged by the EventSink, in a SQLite file, so events survive a
/// crash or a kill and offline playback's events wait for the network.
///
/// Every event is stored before it is sent and removed only once a batch holding it got a 2xx:
/// what the process had not sent when it died is sent at the next start, once.
public final class AnalyticsOutbox: Sendable {
    /// A play session with events waiting.
    struct PendingSession: Sendable, Equatable {
        var sessionId: String
        var route: AnalyticsRoute
        var clockOffset: Duration?
        var deferred: Bool
        var events: [AnalyticsEvent]
    }

    private let database: SQLiteDatabase
    /// The events: a stream per play session, an event's sequence number its number in it.
    private let messages: Outbox
    /// The flush running now (or last): flushes of one outbox run one after the other.
    private let flushes = Mutex<Task<Void, Never>?>(nil)

    /// What the outbox keeps about a session besides where its events go (JSON: `clockOffsetMs`, `deferred`).
    private struct SessionHeader: Codable {
        var clockOffsetMs: WireMilliseconds?
        var deferred: Bool
    }

    private static let schema = SQLiteMigrations([
        """
        CREATE TABLE sessions (
            session_id TEXT PRIMARY KEY,
            base_url TEXT NOT NULL,
            customer TEXT NOT NULL,
            business_unit TEXT NOT NULL,
            session_token TEXT,
            clock_offset_ms INTEGER,
            deferred INTEGER NOT NULL,
            failed_flushes INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE events (
            session_id TEXT NOT NULL,
            sequence_number INTEGER NOT NULL,
            body TEXT NOT NULL,
            PRIMARY KEY (session_id, sequence_number)
        );
        """,
        // How many times each download has been played offline, so `{playSessionId}_{n}` is new
        // every time, even after earlier playbacks' events were sent and forgotten.
        """
        CREATE TABLE offline_playbacks (
            play_session_id TEXT PRIMARY KEY,
            count INTEGER NOT NULL
        );
        """,
        // The SDK's one outbox (shared with the download reports): the waiting sessions and events
        // move into it, a session's clock offset and deferral as its header (`SessionHeader`).
        Outbox.tables + """

            INSERT INTO outbox_streams (stream, base_url, customer, business_unit, session_token, header, failures)
                SELECT session_id, base_url, customer, business_unit, session_token,
                    json_object('clockOffsetMs', clock_offset_ms, 'deferred', json(CASE deferred WHEN 0 THEN 'false' ELSE 'true' END)),
                    failed_flushes
                FROM sessions ORDER BY rowid;
            INSERT INTO outbox_messages (stream, sequence, body)
                SELECT session_id, sequence_number, body FROM events ORDER BY session_id, sequence_number;
            DROP TABLE events;
            DROP TABLE sessions;
            """
    ])

    /// Opens (creating it and its folder if needed) the outbox at `url`.
    /// - Throws: `SQLiteError` when the file cannot be opened or comes from a newer SDK.
    public init(url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        database = try SQLiteDatabase(path: url.path)
        messages = Outbox(database: database)
        try database.useWriteAheadLog()
        try Self.schema.migrate(database)
    }

    /// The outbox at ``defaultURL``, opened once per process; nil when it cannot be opened
    /// (no home folder, a read-only disk): analytics then keep their events in memory.
    public static let standard: AnalyticsOutbox? = try? AnalyticsOutbox(url: defaultURL)

    /// A private in-memory outbox: nothing survives the process (for tests and `enableAnalytics`
    /// set-ups that want no file).
    public static func inMemory() throws -> AnalyticsOutbox { try AnalyticsOutbox(path: ":memory:") }

    private init(path: String) throws {
        database = try SQLiteDatabase(path: path)
        messages = Outbox(database: database)
        try Self.schema.migrate(database)
    }

    /// `analytics.sqlite` in the SDK's ``DataFolder``: `$XDG_DATA_HOME/exposure/` (else
    /// `$HOME/.local/share/exposure/`) on Linux, the application support folder elsewhere.
    public static var defaultURL: URL {
        DataFolder.standard.appendingPathComponent("analytics.sqlite")
    }

    /// Records where a session's events go (before its first event is stored). The write is
    /// queued, not waited for: a reporter starts at once, and whatever is asked of the outbox
    /// next sees it; a failure goes to `failed`.
    func open(
        sessionId: String, route: AnalyticsRoute, clockOffset: Duration?, deferred: Bool, failed: @escaping @Sendable (SQLiteError) -> Void
    ) {
        let header = SessionHeader(clockOffsetMs: clockOffset.map(WireMilliseconds.init), deferred: deferred)
        messages.open(
            sessionId, environment: route.environment, sessionToken: route.sessionToken,
            header: (try? ExposureJSON.encode(header)).map { String(decoding: $0, as: UTF8.self) }, failed: failed)
    }

    /// The number of this offline playback of the download entitled with `playSessionId`: 1, 2, …
    /// Blocking: `beginOfflineSession`, the official SDK's synchronous call, returns the reporter
    /// named by it.
    func nextOfflinePlayback(playSessionId: String) throws -> Int {
        try database.transaction { (db) throws(SQLiteError) -> Int in
            try db.update(
                """
                INSERT INTO offline_playbacks (play_session_id, count) VALUES (?, 1)
                ON CONFLICT (play_session_id) DO UPDATE SET count = count + 1
                """, .text(playSessionId))
            return Int(
                try db.query("SELECT count FROM offline_playbacks WHERE play_session_id = ?", .text(playSessionId)).first?.int(0) ?? 1)
        }
    }

    /// Runs `flush` once every flush of this outbox started before it has ended: a player's
    /// dispatcher and a ``BackgroundAnalyticsManager`` never send the same waiting events at once.
    func oneFlushAtATime<Result: Sendable>(_ flush: @escaping @Sendable () async -> Result) async -> Result {
        let task = flushes.withLock { last -> Task<Result, Never> in
            let previous = last
            let next = Task {
                await previous?.value
                return await flush()
            }
            last = Task { _ = await next.value }
            return next
        }
        return await task.value
    }

    /// Keeps a renewed token for the session's later batches. Queued: whatever is asked of the
    /// outbox next sees it; a failure goes to `failed`.
    func updateToken(_ token: SessionToken?, sessionId: String, failed: @escaping @Sendable (SQLiteError) -> Void) {
        messages.adoptToken(token, stream: sessionId, failed: failed)
    }

    /// Stores events of a session. The write is queued, not waited for: a player records events
    /// from its synchronous calls, and whatever is asked of the outbox next sees them; a failure
    /// goes to `failed`.
    func store(_ events: [AnalyticsEvent], sessionId: String, failed: @escaping @Sendable (any Error) -> Void) {
        let bodies: [(sequence: Int64, body: String)]
        do {
            bodies = try events.map { event in
                (event.sequenceNumber ?? 0, String(decoding: try ExposureJSON.encode(event), as: UTF8.self))
            }
        } catch {
            return failed(error)
        }
        messages.store(bodies, in: sessionId, failed: failed)
    }

    /// Forgets events the EventSink acknowledged; a session left without events is forgotten too.
    func remove(_ events: [AnalyticsEvent], sessionId: String) async throws {
        try await messages.remove(events.compactMap(\.sequenceNumber), from: sessionId)
    }

    /// Counts a flush that could not deliver the session; returns how many there have been.
    func countFailedFlush(sessionId: String) async throws -> Int {
        try await messages.countFailure(of: sessionId)
    }

    /// Every session with events waiting, events in sequence order.
    func pending() async throws -> [PendingSession] {
        try await messages.streams().map { stream in
            let header = stream.header.flatMap { try? ExposureJSON.decode(SessionHeader.self, from: Data($0.utf8)) }
            return PendingSession(
                sessionId: stream.id, route: AnalyticsRoute(environment: stream.environment, sessionToken: stream.sessionToken),
                clockOffset: header?.clockOffsetMs?.duration, deferred: header?.deferred ?? false,
                events: stream.messages.compactMap { try? ExposureJSON.decode(AnalyticsEvent.self, from: Data($0.body.utf8)) })
        }
    }

    /// How many events are waiting, over every session. Blocking (a synchronous call of the API).
    public func pendingEventCount() throws -> Int {
        try messages.messageCount()
    }
}
