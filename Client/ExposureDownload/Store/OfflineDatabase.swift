import Exposure
import Foundation
import SQLiteStore

/// The manager's one SQLite file, `offline.sqlite` in its data folder: the items and their states,
/// the keys of encrypted downloads, and the reports still owed to the backend.
package enum OfflineDatabase {
    private static let schema = SQLiteMigrations([
        """
        CREATE TABLE items (
            asset_id TEXT PRIMARY KEY,
            state TEXT NOT NULL,
            suspended_by_policy INTEGER NOT NULL DEFAULT 0,
            base_url TEXT NOT NULL,
            customer TEXT NOT NULL,
            business_unit TEXT NOT NULL,
            session_token TEXT NOT NULL,
            selection TEXT NOT NULL,
            estimated_bytes INTEGER,
            entitlement TEXT,
            expiry_ms INTEGER,
            completed_bytes INTEGER NOT NULL DEFAULT 0,
            fraction REAL NOT NULL DEFAULT 0,
            master_playlist TEXT,
            used_bytes INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE reports (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL,
            asset_id TEXT NOT NULL,
            base_url TEXT NOT NULL,
            customer TEXT NOT NULL,
            business_unit TEXT NOT NULL,
            session_token TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            due_ms INTEGER NOT NULL
        );
        """,
        // The SDK's one outbox (shared with analytics): the waiting reports move into it, a stream
        // per asset with the newest report's backend and token, a report's kind its body, in the
        // order they were made.
        Outbox.tables + """

            INSERT INTO outbox_streams (stream, base_url, customer, business_unit, session_token)
                SELECT asset_id, base_url, customer, business_unit, session_token FROM reports AS newest
                WHERE id = (SELECT MAX(id) FROM reports WHERE asset_id = newest.asset_id) ORDER BY id;
            INSERT INTO outbox_messages (id, stream, sequence, body, attempts, due_ms)
                SELECT id, asset_id, ROW_NUMBER() OVER (PARTITION BY asset_id ORDER BY id), kind, attempts, due_ms FROM reports ORDER BY id;
            DROP TABLE reports;
            """,
        // The keys of encrypted downloads (`MediaKey`s, their bytes in base64), here and never in
        // the package folder; they go with their item.
        """
        CREATE TABLE keys (
            asset_id TEXT NOT NULL,
            number INTEGER NOT NULL,
            url TEXT NOT NULL,
            key_base64 TEXT NOT NULL,
            PRIMARY KEY (asset_id, number)
        );
        """
    ])

    /// The database's name in the manager's data folder.
    package static let fileName = "offline.sqlite"

    /// Opens (creating it and the folder) `offline.sqlite` in `folder`, in WAL mode so a kill loses nothing committed.
    package static func open(folder: URL) throws(OfflineManagerError) -> SQLiteDatabase {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .storage("cannot create \(folder.path): \(error.localizedDescription)")
        }
        do {
            let database = try SQLiteDatabase(path: folder.appendingPathComponent(fileName).path)
            try database.useWriteAheadLog()
            try schema.migrate(database)
            return database
        } catch {
            throw .storage(error.description)
        }
    }
}

/// The manager's database, or why it could not be opened: every use then fails with that error,
/// so a manager on an unwritable folder still answers (with errors) instead of trapping.
package typealias OfflineDatabaseHandle = Result<SQLiteDatabase, OfflineManagerError>

extension Result where Success == SQLiteDatabase, Failure == OfflineManagerError {
    /// `read`, or `write` (one transaction) when `inTransaction`, with SQLite's errors as the
    /// manager's storage error.
    func offlineAwait<Value: Sendable>(
        inTransaction: Bool, _ body: @escaping @Sendable (SQLiteAccess) throws(SQLiteError) -> Value
    ) async throws(OfflineManagerError) -> Value {
        let database = try get()
        do {
            return inTransaction ? try await database.write(body) : try await database.read(body)
        } catch {
            throw .storage(error.description)
        }
    }

    /// Runs `body` on the database's queue, blocking the caller (at once when it already runs
    /// there); `body` alone when the database could not be opened (its calls then fail).
    func serialized<Value>(_ body: () throws(OfflineManagerError) -> Value) throws(OfflineManagerError) -> Value {
        guard case .success(let database) = self else { return try body() }
        return try database.blockOnQueue(body)
    }

    /// Runs `body` on the database's queue, suspending the caller until it is done.
    func serialized(_ body: @escaping @Sendable () -> Void) async {
        guard case .success(let database) = self else { return body() }
        await database.awaitOnQueue(body)
    }

    /// `access`, or `transaction` when `inTransaction`, with SQLite's errors as the manager's
    /// storage error. Blocking: for the manager's synchronous paths (see `OfflineStore`).
    func offlineAccess<Value>(inTransaction: Bool = false, _ body: (SQLiteAccess) throws(SQLiteError) -> Value)
        throws(OfflineManagerError) -> Value
    {
        let database = try get()
        do {
            return inTransaction ? try database.transaction(body) : try database.access(body)
        } catch {
            throw .storage(error.description)
        }
    }
}
