/// The state store's tables, as numbered migrations applied in order and recorded in
/// `schema_version`, so a state file written by an older mock opens in a newer one.
enum StateSchema {
    /// Migration `n` (from 1) brings the schema from version `n - 1` to `n`. Never edit a released
    /// one: append a new one.
    static let migrations: [String] = [
        """
        CREATE TABLE sessions (
            token TEXT PRIMARY KEY,
            account_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            username TEXT,
            products TEXT NOT NULL,
            issued_ms INTEGER NOT NULL,
            expires_ms INTEGER NOT NULL,
            device_id TEXT
        );
        CREATE TABLE bookmarks (
            account_id TEXT NOT NULL,
            asset_id TEXT NOT NULL,
            offset_ms INTEGER NOT NULL,
            saved_ms INTEGER NOT NULL,
            PRIMARY KEY (account_id, asset_id)
        );
        CREATE TABLE play_sessions (
            id TEXT PRIMARY KEY,
            account_id TEXT NOT NULL,
            asset_id TEXT NOT NULL,
            tracks_bookmark INTEGER NOT NULL,
            started_ms INTEGER NOT NULL,
            last_seen_ms INTEGER NOT NULL,
            token_expires_ms INTEGER NOT NULL,
            ended_ms INTEGER,
            end_reason TEXT
        );
        CREATE INDEX play_sessions_by_account ON play_sessions (account_id, ended_ms);
        CREATE TABLE downloads (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            account_id TEXT NOT NULL,
            asset_id TEXT NOT NULL,
            kind TEXT NOT NULL,
            device_id TEXT,
            time_ms INTEGER NOT NULL
        );
        CREATE INDEX downloads_by_account ON downloads (account_id, asset_id);
        """,
        // 2: a play session idles out after three of its own post intervals (five minutes before).
        """
        ALTER TABLE play_sessions ADD COLUMN idle_timeout_ms INTEGER NOT NULL DEFAULT 300000;
        """,
    ]

    /// The version this build writes.
    static var currentVersion: Int64 { Int64(migrations.count) }

    /// Brings the database to `currentVersion` in one transaction; refuses a file from a newer mock.
    static func migrate(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.transaction { (db) throws(SQLiteError) in
            try db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            let found = try db.query("SELECT MAX(version) FROM schema_version").first?.int(0) ?? 0
            guard found <= currentVersion else {
                throw SQLiteError(code: 0, message: "the state file has schema version \(found); this mock knows up to \(currentVersion)",
                                  statement: "schema check")
            }
            for version in stride(from: found + 1, through: currentVersion, by: 1) {
                try db.execute(migrations[Int(version) - 1])
                try db.query("INSERT INTO schema_version (version) VALUES (?)", .integer(version))
            }
        }
    }
}
