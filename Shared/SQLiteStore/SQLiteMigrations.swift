/// A store's schema as numbered migrations applied in order and recorded in `schema_version`,
/// so a file written by an older build opens in a newer one, and a newer file is refused.
public struct SQLiteMigrations: Sendable {
    /// Migration `n` (from 1) brings the schema from version `n - 1` to `n`. Never edit a
    /// released one: append a new one.
    public let steps: [String]

    /// The migrations, oldest first.
    public init(_ steps: [String]) { self.steps = steps }

    /// The version this build writes.
    public var currentVersion: Int64 { Int64(steps.count) }

    /// Brings `database` to `currentVersion` in one transaction.
    /// - Throws: `SQLiteError` when a step fails or the file comes from a newer build.
    public func migrate(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.transaction { (db) throws(SQLiteError) in
            try db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
            let found = try db.query("SELECT MAX(version) FROM schema_version").first?.int(0) ?? 0
            guard found <= currentVersion else {
                throw SQLiteError(
                    code: 0, message: "the file has schema version \(found); this build knows up to \(currentVersion)",
                    statement: "schema check")
            }
            for version in stride(from: found + 1, through: currentVersion, by: 1) {
                try db.execute(steps[Int(version) - 1])
                try db.query("INSERT INTO schema_version (version) VALUES (?)", .integer(version))
            }
        }
    }
}
