// Every SQLite C call of the project lives in this file: the mock's state store and the SDK's
// analytics outbox and download stores are plain Swift above it.
import CSQLite

/// A value bound to, or read from, a SQLite statement.
public enum SQLiteValue: Sendable, Equatable {
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// NULL.
    case null
}

/// One result row, columns in `SELECT` order.
public struct SQLiteRow: Sendable {
    /// The columns' values.
    public let values: [SQLiteValue]

    /// The integer in `column`; nil when it holds something else.
    public func int(_ column: Int) -> Int64? {
        if case .integer(let value) = values[column] { return value }
        return nil
    }

    /// The text in `column`; nil when it holds something else.
    public func text(_ column: Int) -> String? {
        if case .text(let value) = values[column] { return value }
        return nil
    }
}

/// A failed SQLite call: the (extended) result code, SQLite's own message and the statement.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's extended result code, e.g. 5 (`SQLITE_BUSY`) or 14 (`SQLITE_CANTOPEN`).
    public let code: Int32
    /// SQLite's explanation.
    public let message: String
    /// The statement that failed, or what was being done.
    public let statement: String

    public var description: String { "SQLite error \(code) (\(message)) in: \(statement)" }
}

/// One SQLite connection and the serial queue (one thread at a time) it lives on: GRDB's
/// `DatabaseQueue` shape. The mock's state store, the SDK's analytics outbox and download
/// stores are plain Swift above it.
///
/// A connection must not be used by two threads at once, and a transaction must not interleave
/// with another's statements, so every use runs on the database's queue, one after the other:
/// - Async code calls ``read(_:)`` and ``write(_:)``: the calling task is suspended while the
///   queue works, so no SQLite call (nor its wait for another process's lock, up to the busy
///   timeout) holds a thread of the cooperative pool. ``writeLater(_:failed:)`` queues a write
///   nobody waits for.
/// - An actor whose state must change in step with the file runs on the queue itself (its
///   `unownedExecutor` is this database's ``unownedExecutor``) and calls ``accessOnQueue(_:)``
///   and ``transactionOnQueue(_:)``, which run at once: no await between reading the actor's
///   state and committing, and no thread of the pool blocked.
/// - ``access(_:)`` and ``transaction(_:)`` block their caller until the queue has run them,
///   for code that is synchronous by contract (see each call site); called on the queue, they
///   run at once. ``blockOnQueue(_:)`` and ``awaitOnQueue(_:)`` run other work there, for a
///   component whose lock must only ever be taken on the queue (so no thread holds it while
///   waiting for the queue).
///
/// Statements are prepared once per SQL text and kept for the connection's life: the same few
/// statements run every time.
public final class SQLiteDatabase: Sendable {
    private let connection: SQLiteConnection
    private let queue: SQLiteQueue

    /// Opens (creating if needed) the database at `path`; `:memory:` is a private in-memory one.
    public init(path: String) throws(SQLiteError) {
        connection = try SQLiteConnection(path: path)
        queue = SQLiteQueue(label: "SQLiteDatabase \(path)")
    }

    /// The database's queue as an executor: an actor returning it from its own `unownedExecutor`
    /// runs on the queue, and may call ``accessOnQueue(_:)`` and ``transactionOnQueue(_:)``.
    public var unownedExecutor: UnownedSerialExecutor { queue.asUnownedSerialExecutor() }

    /// The database's queue as a task executor: a task created with it as its executor preference
    /// (`Task(executorPreference:)`) runs its nonisolated code on the queue, a thread of
    /// Dispatch's, so that code and an actor on ``unownedExecutor`` take turns on one thread
    /// without a hand-off between threads, and its blocking calls hold no thread of the pool.
    public var taskExecutor: any TaskExecutor { queue.tasks }

    /// Switches a file database to write-ahead logging with `synchronous=NORMAL`: a commit returns
    /// once it is in the WAL through `write()`, i.e. in the kernel, so killing the process loses
    /// nothing committed (only a power cut could drop the last commits), and commits never wait
    /// for the disk. Every store of the project that must outlive its process opens this way.
    public func useWriteAheadLog() throws(SQLiteError) {
        try access { (db) throws(SQLiteError) in
            try db.query("PRAGMA journal_mode=WAL")
            try db.execute("PRAGMA synchronous=NORMAL")
        }
    }

    /// Runs `body` with exclusive use of the connection, on the database's queue, suspending the
    /// calling task (not its thread) until it is done.
    public func read<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteAccess) throws(SQLiteError) -> Value
    ) async throws(SQLiteError) -> Value {
        try await onQueue { connection throws(SQLiteError) in try body(SQLiteAccess(connection: connection)) }
    }

    /// Runs `body` in one write transaction on the database's queue (all of it is committed, or
    /// none of it), suspending the calling task (not its thread) until it is done.
    public func write<Value: Sendable>(
        _ body: @escaping @Sendable (SQLiteAccess) throws(SQLiteError) -> Value
    ) async throws(SQLiteError) -> Value {
        try await onQueue { connection throws(SQLiteError) in try connection.inTransaction(body) }
    }

    /// Queues `body` as one write transaction and returns at once: for writes whose caller does
    /// not wait for the outcome (a failure goes to `failed`). The queue is serial, so anything
    /// asked of the database afterwards, through any method, sees the write done (or failed).
    public func writeLater(
        _ body: @escaping @Sendable (SQLiteAccess) throws(SQLiteError) -> Void, failed: @escaping @Sendable (SQLiteError) -> Void
    ) {
        queue.async { [connection] in
            do throws(SQLiteError) { try connection.inTransaction(body) } catch { failed(error) }
        }
    }

    /// Runs `work` on the database's queue after what was queued before it and returns at once:
    /// for code off the queue to reach an actor on ``unownedExecutor`` (`assumeIsolated` inside
    /// `work`) without creating a task. Inside, the connection's calls run at once.
    public func enqueue(_ work: @escaping @Sendable () -> Void) { queue.async(work) }

    /// Runs `body` with the connection at once, on the queue the caller already runs on (an actor
    /// on ``unownedExecutor``): it neither blocks nor suspends. Traps anywhere else.
    public func accessOnQueue<Value>(_ body: (SQLiteAccess) throws(SQLiteError) -> Value) throws(SQLiteError) -> Value {
        queue.preconditionIsolated("SQLiteDatabase.accessOnQueue called off the database's queue")
        return try body(SQLiteAccess(connection: connection))
    }

    /// Runs `body` in one write transaction at once, on the queue the caller already runs on,
    /// like ``accessOnQueue(_:)``: all of it is committed, or none of it.
    public func transactionOnQueue<Value>(_ body: (SQLiteAccess) throws(SQLiteError) -> Value) throws(SQLiteError) -> Value {
        queue.preconditionIsolated("SQLiteDatabase.transactionOnQueue called off the database's queue")
        return try connection.inTransaction(body)
    }

    /// Runs `body` on the database's queue, blocking the calling thread until it is done (at once
    /// when the caller already runs on the queue): for synchronous callers only. Inside, the
    /// connection's calls (``access(_:)``, ``accessOnQueue(_:)`` …) run at once.
    public func blockOnQueue<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        try queue.sync { Result { () throws(Failure) in try body() } }.get()
    }

    /// Runs `body` on the database's queue after what was queued before it, suspending the
    /// calling task (not its thread) until it is done. Inside, the connection's calls run at once.
    public func awaitOnQueue<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in queue.async { continuation.resume(returning: body()) } }
    }

    /// Runs `body` with exclusive use of the connection, blocking the calling thread until the
    /// queue has run it: for synchronous callers only (threads of their own, synchronous API).
    public func access<Value>(_ body: (SQLiteAccess) throws(SQLiteError) -> Value) throws(SQLiteError) -> Value {
        try blocking { connection throws(SQLiteError) in try body(SQLiteAccess(connection: connection)) }
    }

    /// Runs `body` in one write transaction, blocking the calling thread like ``access(_:)``.
    public func transaction<Value>(_ body: (SQLiteAccess) throws(SQLiteError) -> Value) throws(SQLiteError) -> Value {
        try blocking { connection throws(SQLiteError) in try connection.inTransaction(body) }
    }

    private func onQueue<Value: Sendable>(
        _ work: @escaping @Sendable (SQLiteConnection) throws(SQLiteError) -> Value
    ) async throws(SQLiteError) -> Value {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, SQLiteError>, Never>) in
            queue.async { [connection] in
                continuation.resume(returning: Result { () throws(SQLiteError) in try work(connection) })
            }
        }
        return try outcome.get()
    }

    private func blocking<Value>(_ work: (SQLiteConnection) throws(SQLiteError) -> Value) throws(SQLiteError) -> Value {
        let outcome = queue.sync { Result { () throws(SQLiteError) in try work(connection) } }
        return try outcome.get()
    }
}

/// The connection itself: every SQLite C call of the project is one of its methods.
private final class SQLiteConnection: @unchecked Sendable {
    // @unchecked: only ever used on its database's serial queue (or in deinit), one call at a time.
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    init(path: String) throws(SQLiteError) {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &connection, flags, nil)
        guard result == SQLITE_OK, let connection else {
            let message = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(connection)
            throw SQLiteError(code: result, message: message, statement: "open \(path)")
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        // A second process on the same file (a test restarting the mock) may hold the write lock briefly.
        sqlite3_busy_timeout(connection, 5_000)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    func inTransaction<Value>(_ body: (SQLiteAccess) throws(SQLiteError) -> Value) throws(SQLiteError) -> Value {
        let db = SQLiteAccess(connection: self)
        // IMMEDIATE takes the write lock up front, so a read-then-write cannot fail half-way
        // with SQLITE_BUSY when another process writes too.
        try db.query("BEGIN IMMEDIATE")
        do throws(SQLiteError) {
            let result = try body(db)
            try db.query("COMMIT")
            return result
        } catch {
            _ = try? db.query("ROLLBACK")
            throw error
        }
    }

    func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &message)
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
            sqlite3_free(message)
            throw SQLiteError(code: result, message: text, statement: sql)
        }
    }

    func run(_ sql: String, _ bindings: [SQLiteValue]) throws(SQLiteError) -> [SQLiteRow] {
        let statement = try prepared(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (index, value) in bindings.enumerated() {
            let position = Int32(index + 1)
            let result: Int32 =
                switch value {
                case .integer(let number): sqlite3_bind_int64(statement, position, number)
                case .real(let number): sqlite3_bind_double(statement, position, number)
                case .text(let text): sqlite3_bind_text(statement, position, text, -1, csqlite_transient())
                case .null: sqlite3_bind_null(statement, position)
                }
            guard result == SQLITE_OK else { throw error(result, sql) }
        }
        var rows: [SQLiteRow] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return rows }
            guard result == SQLITE_ROW else { throw error(result, sql) }
            rows.append(SQLiteRow(values: (0..<sqlite3_column_count(statement)).map { column(statement, $0) }))
        }
    }

    var changes: Int { Int(sqlite3_changes(handle)) }

    private func prepared(_ sql: String) throws(SQLiteError) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else { throw error(result, sql) }
        statements[sql] = statement
        return statement
    }

    private func column(_ statement: OpaquePointer, _ index: Int32) -> SQLiteValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, index))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, index))
        case SQLITE_NULL: return .null
        default:
            guard let bytes = sqlite3_column_text(statement, index) else { return .null }
            let count = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        }
    }

    private func error(_ result: Int32, _ sql: String) -> SQLiteError {
        SQLiteError(code: result, message: String(cString: sqlite3_errmsg(handle)), statement: sql)
    }
}

/// What a caller of `SQLiteDatabase`'s `read`, `write`, `access` or `transaction` may do while
/// it holds the connection.
public struct SQLiteAccess {
    fileprivate let connection: SQLiteConnection

    /// Runs one or more statements without parameters (schema, pragmas, transaction control).
    public func execute(_ sql: String) throws(SQLiteError) { try connection.execute(sql) }

    /// Runs one statement and returns its rows (none for writes).
    @discardableResult
    public func query(_ sql: String, _ bindings: SQLiteValue...) throws(SQLiteError) -> [SQLiteRow] {
        try connection.run(sql, bindings)
    }

    /// Runs one write statement and returns how many rows it changed.
    @discardableResult
    public func update(_ sql: String, _ bindings: SQLiteValue...) throws(SQLiteError) -> Int {
        _ = try connection.run(sql, bindings)
        return connection.changes
    }
}
