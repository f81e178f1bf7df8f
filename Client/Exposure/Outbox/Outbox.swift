import Clocks
import ExposureModels
import SQLiteStore

/// Messages owed to an Exposure backend, kept in a SQLite file until the backend acknowledged
/// them: the analytics events of play sessions (`analytics.sqlite`) and the download manager's
/// reports (`offline.sqlite`). The one outbox of the SDK: its tables, the order of its messages,
/// their attempts and due times, and a stream's token are written once, here.
///
/// A message belongs to a stream (a play session, a downloaded asset) and has its number in it;
/// a stream knows where its messages go (the backend, the user's token) and how many deliveries
/// of it failed. The file's owner creates the tables through its migrations (``tables``) and
/// moves the rows of its older tables in the same migration. Every call runs on the database's
/// serial queue: the async ones suspend their task, the queued ones return at once, and whatever
/// is asked next sees them done.
package final class Outbox: Sendable {
    /// A waiting message.
    package struct Message: Sendable, Hashable {
        /// Its place among every message of the outbox: the order they were added in.
        package var id: Int64
        /// The stream it belongs to.
        package var stream: String
        /// Its number in the stream: the order its stream delivers it in.
        package var sequence: Int64
        /// What the owner stored (its own encoding).
        package var body: String
        /// Failed deliveries of it so far.
        package var attempts: Int
        /// When its next delivery is due.
        package var due: WallTime
    }

    /// A stream with messages waiting (or opened for them).
    package struct Stream: Sendable, Hashable {
        /// Its name: a play session's id, a downloaded asset's id.
        package var id: String
        /// The backend its messages go to.
        package var environment: Environment
        /// The token they are sent with.
        package var sessionToken: SessionToken?
        /// What else the owner keeps about the stream (its own encoding).
        package var header: String?
        /// Failed deliveries of the stream so far.
        package var failures: Int
        /// Its messages, in sequence order.
        package var messages: [Message]
    }

    /// The outbox's tables, for the owner's migrations.
    package static let tables = """
        CREATE TABLE outbox_streams (
            stream TEXT PRIMARY KEY,
            base_url TEXT NOT NULL,
            customer TEXT NOT NULL,
            business_unit TEXT NOT NULL,
            session_token TEXT,
            header TEXT,
            failures INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE outbox_messages (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            stream TEXT NOT NULL,
            sequence INTEGER NOT NULL,
            body TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            due_ms INTEGER NOT NULL DEFAULT 0,
            UNIQUE (stream, sequence)
        );
        """

    private let database: SQLiteDatabase

    /// The outbox in `database`, whose migrations created ``tables``.
    package init(database: SQLiteDatabase) { self.database = database }

    /// Records (or replaces) where a stream's messages go, before its first message is stored.
    /// Queued, not waited for; a failure goes to `failed`.
    package func open(
        _ stream: String, environment: Environment, sessionToken: SessionToken?, header: String?,
        failed: @escaping @Sendable (SQLiteError) -> Void
    ) {
        database.writeLater(
            { (db) throws(SQLiteError) in
                try db.update(
                    """
                    INSERT OR REPLACE INTO outbox_streams (stream, base_url, customer, business_unit, session_token, header)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """, .text(stream), .text(environment.baseUrl), .text(environment.customer), .text(environment.businessUnit),
                    sessionToken.map { .text($0.value) } ?? .null, header.map { .text($0) } ?? .null)
            }, failed: failed)
    }

    /// Stores messages the owner numbered in an open stream, due at once; a message with a number
    /// already stored replaces it. Queued, not waited for; a failure goes to `failed`.
    package func store(
        _ messages: [(sequence: Int64, body: String)], in stream: String, failed: @escaping @Sendable (SQLiteError) -> Void
    ) {
        database.writeLater(
            { (db) throws(SQLiteError) in
                for (sequence, body) in messages {
                    try db.update(
                        "INSERT OR REPLACE INTO outbox_messages (stream, sequence, body) VALUES (?, ?, ?)",
                        .text(stream), .integer(sequence), .text(body))
                }
            }, failed: failed)
    }

    /// Adds a message after the stream's others, due at `due`, in one transaction with where the
    /// stream goes (the newest message's backend and token are the stream's).
    package func add(
        _ body: String, to stream: String, environment: Environment, sessionToken: SessionToken?, due: WallTime
    ) async throws(SQLiteError) {
        try await database.write { (db) throws(SQLiteError) in
            try db.update(
                """
                INSERT INTO outbox_streams (stream, base_url, customer, business_unit, session_token) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (stream) DO UPDATE SET base_url = excluded.base_url, customer = excluded.customer,
                    business_unit = excluded.business_unit, session_token = excluded.session_token
                """, .text(stream), .text(environment.baseUrl), .text(environment.customer), .text(environment.businessUnit),
                sessionToken.map { .text($0.value) } ?? .null)
            try db.update(
                """
                INSERT INTO outbox_messages (stream, sequence, body, due_ms)
                VALUES (?, COALESCE((SELECT MAX(sequence) FROM outbox_messages WHERE stream = ?), 0) + 1, ?, ?)
                """, .text(stream), .text(stream), .text(body), .integer(due.millisecondsSince1970))
        }
    }

    /// Makes the stream's waiting messages go with `token`: the one they were stored with may
    /// have expired. Queued, not waited for; a failure goes to `failed` (the messages keep
    /// their token).
    package func adoptToken(_ token: SessionToken?, stream: String, failed: @escaping @Sendable (SQLiteError) -> Void) {
        database.writeLater(
            { (db) throws(SQLiteError) in
                try db.update(
                    "UPDATE outbox_streams SET session_token = ? WHERE stream = ?", token.map { .text($0.value) } ?? .null,
                    .text(stream))
            }, failed: failed)
    }

    /// Forgets messages of a stream (acknowledged, or refused for good); a stream left without
    /// messages is forgotten too.
    package func remove(_ sequences: [Int64], from stream: String) async throws(SQLiteError) {
        try await database.write { (db) throws(SQLiteError) in
            for sequence in sequences {
                try db.update("DELETE FROM outbox_messages WHERE stream = ? AND sequence = ?", .text(stream), .integer(sequence))
            }
            try db.update(
                "DELETE FROM outbox_streams WHERE stream = ? AND NOT EXISTS (SELECT 1 FROM outbox_messages WHERE stream = ?)",
                .text(stream), .text(stream))
        }
    }

    /// Counts a failed delivery of a message and sets when the next one is due.
    package func postpone(_ sequence: Int64, in stream: String, attempts: Int, due: WallTime) async throws(SQLiteError) {
        _ = try await database.write { (db) throws(SQLiteError) in
            try db.update(
                "UPDATE outbox_messages SET attempts = ?, due_ms = ? WHERE stream = ? AND sequence = ?", .integer(Int64(attempts)),
                .integer(due.millisecondsSince1970), .text(stream), .integer(sequence))
        }
    }

    /// Counts a failed delivery of a whole stream; returns how many there have been.
    package func countFailure(of stream: String) async throws(SQLiteError) -> Int {
        try await database.write { (db) throws(SQLiteError) -> Int in
            try db.update("UPDATE outbox_streams SET failures = failures + 1 WHERE stream = ?", .text(stream))
            return Int(try db.query("SELECT failures FROM outbox_streams WHERE stream = ?", .text(stream)).first?.int(0) ?? 0)
        }
    }

    /// Every stream, in the order they were opened, each with its messages in sequence order.
    package func streams() async throws(SQLiteError) -> [Stream] {
        try await database.read { (db) throws(SQLiteError) -> [Stream] in
            let streams = try db.query(
                "SELECT stream, base_url, customer, business_unit, session_token, header, failures FROM outbox_streams ORDER BY rowid")
            return try streams.map { (row) throws(SQLiteError) -> Stream in
                let id = row.text(0) ?? ""
                let messages = try db.query(
                    "SELECT id, stream, sequence, body, attempts, due_ms FROM outbox_messages WHERE stream = ? ORDER BY sequence", .text(id)
                ).map(Self.message)
                return Stream(
                    id: id,
                    environment: Environment(baseUrl: row.text(1) ?? "", customer: row.text(2) ?? "", businessUnit: row.text(3) ?? ""),
                    sessionToken: row.text(4).map(SessionToken.init(value:)), header: row.text(5), failures: Int(row.int(6) ?? 0),
                    messages: messages)
            }
        }
    }

    /// How many messages are waiting, over every stream. Blocking: for synchronous API only.
    package func messageCount() throws(SQLiteError) -> Int {
        try database.access { (db) throws(SQLiteError) -> Int in
            Int(try db.query("SELECT COUNT(*) FROM outbox_messages").first?.int(0) ?? 0)
        }
    }

    private static func message(_ row: SQLiteRow) -> Message {
        Message(
            id: row.int(0) ?? 0, stream: row.text(1) ?? "", sequence: row.int(2) ?? 0, body: row.text(3) ?? "",
            attempts: Int(row.int(4) ?? 0), due: WallTime(millisecondsSince1970: row.int(5) ?? 0))
    }
}
