import SQLiteStore

/// The state store's tables, as numbered migrations, so a state file written by an older mock
/// opens in a newer one.
enum StateSchema {
    /// Never edit a released step: append a new one.
    static let migrations = SQLiteMigrations([
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
        """
    ])
}
