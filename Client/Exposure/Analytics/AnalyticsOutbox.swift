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
        var clockOffsetMs: Int64?
        var deferred: Bool
        var events: [AnalyticsEvent]
    }

    private let database: SQLiteDatabase
    /// The flush running now (or last): flushes of one outbox run one after the other.
    private let flushes = Mutex<Task<Void, Never>?>(nil)

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
        """
    ])

    /// Opens (creating it and its folder if needed) the outbox at `url`.
    /// - Throws: `SQLiteError` when the file cannot be opened or comes from a newer SDK.
    public init(url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        database = try SQLiteDatabase(path: url.path)
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
        sessionId: String, route: AnalyticsRoute, clockOffsetMs: Int64?, deferred: Bool, failed: @escaping @Sendable (SQLiteError) -> Void
    ) {
        database.writeLater(
            { (db) throws(SQLiteError) in
                try db.update(
                    """
                    INSERT OR REPLACE INTO sessions (session_id, base_url, customer, business_unit, session_token, clock_offset_ms, deferred)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, .text(sessionId), .text(route.environment.baseUrl), .text(route.environment.customer),
                    .text(route.environment.businessUnit), route.sessionToken.map { .text($0.value) } ?? .null,
                    clockOffsetMs.map { .integer($0) } ?? .null, .integer(deferred ? 1 : 0))
            }, failed: failed)
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

    /// Keeps a renewed token for the session's later batches.
    func updateToken(_ token: SessionToken?, sessionId: String) async throws {
        _ = try await database.write { (db) throws(SQLiteError) in
            try db.update(
                "UPDATE sessions SET session_token = ? WHERE session_id = ?", token.map { .text($0.value) } ?? .null, .text(sessionId))
        }
    }

    /// Stores events of a session. The write is queued, not waited for: a player records events
    /// from its synchronous calls, and whatever is asked of the outbox next sees them; a failure
    /// goes to `failed`.
    func store(_ events: [AnalyticsEvent], sessionId: String, failed: @escaping @Sendable (any Error) -> Void) {
        let bodies: [(Int64, String)]
        do {
            bodies = try events.map { event in (event.sequenceNumber ?? 0, String(decoding: try ExposureJSON.encode(event), as: UTF8.self))
            }
        } catch {
            return failed(error)
        }
        database.writeLater(
            { (db) throws(SQLiteError) in
                for (number, body) in bodies {
                    try db.update(
                        "INSERT OR REPLACE INTO events (session_id, sequence_number, body) VALUES (?, ?, ?)",
                        .text(sessionId), .integer(number), .text(body))
                }
            }, failed: failed)
    }

    /// Forgets events the EventSink acknowledged; a session left without events is forgotten too.
    func remove(_ events: [AnalyticsEvent], sessionId: String) async throws {
        let numbers = events.compactMap(\.sequenceNumber)
        try await database.write { (db) throws(SQLiteError) in
            for number in numbers {
                try db.update("DELETE FROM events WHERE session_id = ? AND sequence_number = ?", .text(sessionId), .integer(number))
            }
            try db.update(
                "DELETE FROM sessions WHERE session_id = ? AND NOT EXISTS (SELECT 1 FROM events WHERE session_id = ?)",
                .text(sessionId), .text(sessionId))
        }
    }

    /// Counts a flush that could not deliver the session; returns how many there have been.
    func countFailedFlush(sessionId: String) async throws -> Int {
        try await database.write { (db) throws(SQLiteError) -> Int in
            try db.update("UPDATE sessions SET failed_flushes = failed_flushes + 1 WHERE session_id = ?", .text(sessionId))
            return Int(try db.query("SELECT failed_flushes FROM sessions WHERE session_id = ?", .text(sessionId)).first?.int(0) ?? 0)
        }
    }

    /// Every session with events waiting, events in sequence order.
    func pending() async throws -> [PendingSession] {
        try await database.read { (db) throws(SQLiteError) -> [PendingSession] in
            let sessions = try db.query(
                "SELECT session_id, base_url, customer, business_unit, session_token, clock_offset_ms, deferred FROM sessions ORDER BY rowid"
            )
            return try sessions.map { (row) throws(SQLiteError) -> PendingSession in
                let id = row.text(0) ?? ""
                let events = try db.query("SELECT body FROM events WHERE session_id = ? ORDER BY sequence_number", .text(id))
                    .compactMap { $0.text(0).flatMap { try? ExposureJSON.decode(AnalyticsEvent.self, from: Data($0.utf8)) } }
                let route = AnalyticsRoute(
                    environment: Environment(baseUrl: row.text(1) ?? "", customer: row.text(2) ?? "", businessUnit: row.text(3) ?? ""),
                    sessionToken: row.text(4).map(SessionToken.init(value:)))
                return PendingSession(sessionId: id, route: route, clockOffsetMs: row.int(5), deferred: row.int(6) == 1, events: events)
            }
        }
    }

    /// How many events are waiting, over every session. Blocking (a synchronous call of the API).
    public func pendingEventCount() throws -> Int {
        try database.access { (db) throws(SQLiteError) -> Int in
            Int(try db.query("SELECT COUNT(*) FROM events").first?.int(0) ?? 0)
        }
    }
}
