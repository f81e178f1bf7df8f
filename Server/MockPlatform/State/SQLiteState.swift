import Clocks
import Foundation
import SQLiteStore
import Synchronization

/// Platform state in one SQLite file that keeps sessions, bookmarks, play sessions and downloads
/// across restarts (`--state FILE`); without one the mock keeps its state in ``MemoryState``.
/// The file may be shared with another mock, so every read goes to it.
///
/// A file is opened in WAL mode with `synchronous=NORMAL`. A commit then returns once its pages
/// are in the WAL through `write()`, i.e. in the kernel, so `kill -9` of the mock loses nothing
/// committed; only a power cut or kernel crash could drop the last commits, which a test mock
/// can afford in exchange for heartbeats that do not wait for the disk (FULL would fsync each).
///
/// `PlatformState` cannot throw, so a failing statement (disk full, file deleted) is reported
/// through `onError` and kept as `lastError`; reads then answer empty.
///
/// Its calls block (``SQLiteDatabase/access(_:)``): `PlatformState` is synchronous, and the
/// routes that call it run on libmicrohttpd's own threads, never on the cooperative pool.
package final class SQLiteState: PlatformState {
    private let database: SQLiteDatabase
    private let onError: @Sendable (SQLiteError) -> Void
    private let latestError = Mutex<SQLiteError?>(nil)
    /// Sessions' product lists by their stored JSON: every request with a token reads one, a
    /// JSONDecoder costs more than the row lookup, and accounts share a handful of lists.
    private let productLists = Mutex<[String: [String]]>([:])

    /// Opens (creating if needed) the state file at `path` (`:memory:`: a private in-memory database, for tests).
    /// - Throws: `SQLiteError` when the file cannot be opened or was written by a newer mock.
    package init(
        path: String,
        onError: @escaping @Sendable (SQLiteError) -> Void = { FileHandle.standardError.write(Data("state: \($0)\n".utf8)) }
    ) throws(SQLiteError) {
        database = try SQLiteDatabase(path: path)
        self.onError = onError
        if path != ":memory:" { try database.useWriteAheadLog() }
        try StateSchema.migrations.migrate(database)
    }

    /// The most recent store failure, nil when every statement succeeded.
    package var lastError: SQLiteError? { latestError.withLock { $0 } }

    // MARK: Sessions

    package func insert(_ session: Session) {
        let products = String(decoding: (try? JSONEncoder().encode(session.products)) ?? Data("[]".utf8), as: UTF8.self)
        write { (db) throws(SQLiteError) in
            try db.update(
                """
                INSERT OR REPLACE INTO sessions (token, account_id, user_id, username, products, issued_ms, expires_ms, device_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """, .text(session.token), .text(session.accountId), .text(session.userId), .optional(session.username),
                .text(products), .integer(session.issued.millisecondsSince1970), .integer(session.expires.millisecondsSince1970),
                .optional(session.deviceId))
        }
    }

    package func session(token: String) -> Session? {
        access { (db) throws(SQLiteError) in
            try db.query(
                """
                SELECT token, account_id, user_id, username, products, issued_ms, expires_ms, device_id
                FROM sessions WHERE token = ?
                """, .text(token)
            ).first.map(session(from:))
        } ?? nil
    }

    /// Removes the session; an anonymous account's bookmarks and downloads go with it (its login
    /// was its only way in), as in ``MemoryState``.
    package func removeSession(token: String) {
        write { (db) throws(SQLiteError) in
            let anonymousAccount = "SELECT account_id FROM sessions WHERE token = ? AND username IS NULL"
            try db.update("DELETE FROM bookmarks WHERE account_id IN (\(anonymousAccount))", .text(token))
            try db.update("DELETE FROM downloads WHERE account_id IN (\(anonymousAccount))", .text(token))
            try db.update("DELETE FROM sessions WHERE token = ?", .text(token))
        }
    }

    // MARK: Bookmarks

    package func bookmarks(accountId: String) -> [String: Bookmark] {
        let rows =
            access { (db) throws(SQLiteError) in
                try db.query("SELECT asset_id, offset_ms, saved_ms FROM bookmarks WHERE account_id = ?", .text(accountId))
            } ?? []
        var result: [String: Bookmark] = [:]
        for row in rows {
            let assetId = row.text(0) ?? ""
            result[assetId] = Bookmark(
                assetId: assetId, offset: .milliseconds(row.int(1) ?? 0), saved: WallTime(millisecondsSince1970: row.int(2) ?? 0))
        }
        return result
    }

    package func save(_ bookmark: Bookmark, accountId: String) {
        write { (db) throws(SQLiteError) in
            try db.update(
                "INSERT OR REPLACE INTO bookmarks (account_id, asset_id, offset_ms, saved_ms) VALUES (?, ?, ?, ?)",
                .text(accountId), .text(bookmark.assetId), .integer(bookmark.offset.wholeMilliseconds),
                .integer(bookmark.saved.millisecondsSince1970))
        }
    }

    // MARK: Play sessions

    package func begin(_ playSession: PlaySession, streamLimit: Int?) -> Bool {
        let now = playSession.started
        guard let streamLimit else {
            // One statement is atomic on its own: BEGIN and COMMIT around it cost a quarter of the
            // insert, on the mock's most-called endpoint.
            return access { (db) throws(SQLiteError) in try Self.insert(playSession, db) } != nil
        }
        return write { (db) throws(SQLiteError) -> Bool in
            let open = try db.query(
                "SELECT \(Self.playSessionColumns) FROM play_sessions WHERE account_id = ? AND ended_ms IS NULL",
                .text(playSession.accountId))
            guard open.map(Self.playSession(from:)).count(where: { $0.isActive(at: now) }) < streamLimit else { return false }
            try Self.insert(playSession, db)
            return true
        } ?? false
    }

    private static func insert(_ playSession: PlaySession, _ db: SQLiteAccess) throws(SQLiteError) {
        try db.update(
            """
            INSERT OR REPLACE INTO play_sessions
            (id, account_id, asset_id, tracks_bookmark, started_ms, last_seen_ms, token_expires_ms, idle_timeout_ms,
             ended_ms, end_reason)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, .text(playSession.id), .text(playSession.accountId), .text(playSession.assetId),
            .integer(playSession.tracksBookmark ? 1 : 0), .integer(playSession.started.millisecondsSince1970),
            .integer(playSession.lastSeen.millisecondsSince1970),
            .integer(playSession.tokenExpires.millisecondsSince1970), .integer(playSession.idleTimeout.wholeMilliseconds),
            .optional(playSession.ended?.millisecondsSince1970),
            .optional(playSession.endReason))
    }

    package func playSession(id: String) -> PlaySession? {
        access { (db) throws(SQLiteError) in
            try db.query("SELECT \(Self.playSessionColumns) FROM play_sessions WHERE id = ?", .text(id)).first.map(Self.playSession(from:))
        } ?? nil
    }

    package func touchPlaySession(id: String, at instant: WallTime) {
        write { (db) throws(SQLiteError) in
            try db.update(
                "UPDATE play_sessions SET last_seen_ms = MAX(last_seen_ms, ?) WHERE id = ?", .integer(instant.millisecondsSince1970),
                .text(id))
        }
    }

    package func endPlaySession(id: String, at instant: WallTime, reason: String) {
        write { (db) throws(SQLiteError) in
            try db.update(
                "UPDATE play_sessions SET ended_ms = ?, end_reason = ? WHERE id = ? AND ended_ms IS NULL",
                .integer(instant.millisecondsSince1970), .text(reason), .text(id))
        }
    }

    package func playSessions(accountId: String?) -> [PlaySession] {
        let rows =
            access { (db) throws(SQLiteError) -> [SQLiteRow] in
                if let accountId {
                    return try db.query(
                        "SELECT \(Self.playSessionColumns) FROM play_sessions WHERE account_id = ? ORDER BY started_ms, id",
                        .text(accountId))
                }
                return try db.query("SELECT \(Self.playSessionColumns) FROM play_sessions ORDER BY started_ms, id")
            } ?? []
        return rows.map(Self.playSession(from:))
    }

    // MARK: Downloads

    package func record(_ download: DownloadRecord) {
        write { (db) throws(SQLiteError) in
            try db.update(
                "INSERT INTO downloads (account_id, asset_id, kind, device_id, time_ms) VALUES (?, ?, ?, ?, ?)",
                .text(download.accountId), .text(download.assetId), .text(download.kind.rawValue),
                .optional(download.deviceId), .integer(download.time.millisecondsSince1970))
            guard download.kind == .renew else { return }
            try db.update(
                """
                DELETE FROM downloads WHERE id IN (
                    SELECT id FROM downloads WHERE account_id = ? AND asset_id = ? AND kind = ?
                    ORDER BY time_ms DESC, id DESC LIMIT -1 OFFSET ?)
                """, .text(download.accountId), .text(download.assetId), .text(DownloadRecord.Kind.renew.rawValue),
                .integer(Int64(DownloadRecord.renewalsKept)))
        }
    }

    package func downloads(accountId: String?, assetId: String?) -> [DownloadRecord] {
        let rows =
            access { (db) throws(SQLiteError) in
                try db.query(
                    """
                    SELECT account_id, asset_id, kind, device_id, time_ms FROM downloads
                    WHERE (? IS NULL OR account_id = ?) AND (? IS NULL OR asset_id = ?) ORDER BY id
                    """, .optional(accountId), .optional(accountId), .optional(assetId), .optional(assetId))
            } ?? []
        return rows.map { row in
            DownloadRecord(
                accountId: row.text(0) ?? "", assetId: row.text(1) ?? "",
                kind: DownloadRecord.Kind(rawValue: row.text(2) ?? "") ?? .download,
                deviceId: row.text(3), time: WallTime(millisecondsSince1970: row.int(4) ?? 0))
        }
    }

    package func releaseDownloads(accountId: String, assetId: String) {
        write { (db) throws(SQLiteError) in
            try db.update("DELETE FROM downloads WHERE account_id = ? AND asset_id = ?", .text(accountId), .text(assetId))
        }
    }

    package func removeAll() {
        write { (db) throws(SQLiteError) in
            for table in ["sessions", "bookmarks", "play_sessions", "downloads"] { try db.update("DELETE FROM \(table)") }
        }
    }

    // MARK: Plumbing

    /// Runs reads, or one statement that commits on its own.
    private func access<Result>(_ body: (SQLiteAccess) throws(SQLiteError) -> Result) -> Result? {
        do {
            return try database.access(body)
        } catch {
            report(error)
            return nil
        }
    }

    @discardableResult
    private func write<Result>(_ body: (SQLiteAccess) throws(SQLiteError) -> Result) -> Result? {
        do {
            return try database.transaction(body)
        } catch {
            report(error)
            return nil
        }
    }

    private func report(_ error: SQLiteError) {
        latestError.withLock { $0 = error }
        onError(error)
    }

    private static let playSessionColumns =
        "id, account_id, asset_id, tracks_bookmark, started_ms, last_seen_ms, token_expires_ms, ended_ms, end_reason, idle_timeout_ms"

    private static func playSession(from row: SQLiteRow) -> PlaySession {
        PlaySession(
            id: row.text(0) ?? "", accountId: row.text(1) ?? "", assetId: row.text(2) ?? "",
            tracksBookmark: row.int(3) == 1, started: WallTime(millisecondsSince1970: row.int(4) ?? 0),
            lastSeen: WallTime(millisecondsSince1970: row.int(5) ?? 0), tokenExpires: WallTime(millisecondsSince1970: row.int(6) ?? 0),
            idleTimeout: row.int(9).map { .milliseconds($0) } ?? PlaySession.defaultIdleTimeout,
            ended: row.int(7).map(WallTime.init(millisecondsSince1970:)), endReason: row.text(8))
    }

    private func session(from row: SQLiteRow) -> Session {
        let stored = row.text(4) ?? "[]"
        let products = productLists.withLock { lists in
            if let known = lists[stored] { return known }
            let decoded = (try? JSONDecoder().decode([String].self, from: Data(stored.utf8))) ?? []
            if lists.count >= 256 { lists.removeAll() }
            lists[stored] = decoded
            return decoded
        }
        return Session(
            token: row.text(0) ?? "", accountId: row.text(1) ?? "", userId: row.text(2) ?? "", username: row.text(3),
            products: products, issued: WallTime(millisecondsSince1970: row.int(5) ?? 0),
            expires: WallTime(millisecondsSince1970: row.int(6) ?? 0), deviceId: row.text(7))
    }
}

extension SQLiteValue {
    fileprivate static func optional(_ text: String?) -> SQLiteValue { text.map { .text($0) } ?? .null }
    fileprivate static func optional(_ number: Int64?) -> SQLiteValue { number.map { .integer($0) } ?? .null }
}
