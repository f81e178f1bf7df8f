import SQLiteStore
import Synchronization
import Testing

/// The one SQLite adapter: its serial queue keeps every use in the order it was asked for,
/// failures are `SQLiteError`s, and a transaction that fails leaves nothing of itself behind.
@Suite struct SQLiteDatabaseTests {
    static func database() throws -> SQLiteDatabase {
        let database = try SQLiteDatabase(path: ":memory:")
        try SQLiteMigrations(["CREATE TABLE numbers (value INTEGER PRIMARY KEY)"]).migrate(database)
        return database
    }

    static func numbers(_ db: SQLiteAccess) throws(SQLiteError) -> [Int64] {
        try db.query("SELECT value FROM numbers ORDER BY rowid").compactMap { $0.int(0) }
    }

    @Test func writesNobodyWaitsForRunInTheOrderTheyWereQueuedAndEveryLaterReadSeesThem() async throws {
        let database = try Self.database()
        let failures = Mutex<[SQLiteError]>([])
        for value in Int64(1)...50 {
            database.writeLater(
                { (db) throws(SQLiteError) in
                    try db.update("INSERT INTO numbers (value) VALUES (?)", .integer(value))
                }, failed: { error in failures.withLock { $0.append(error) } })
        }
        #expect(try await database.read(Self.numbers) == Array(1...50))
        #expect(try database.access(Self.numbers).count == 50, "a blocking read waits behind the queued writes too")
        #expect(failures.withLock { $0.isEmpty })
    }

    @Test func aFailedStatementIsATypedErrorNamingItsCodeAndStatement() async throws {
        let database = try Self.database()
        do throws(SQLiteError) {
            _ = try await database.read { (db) throws(SQLiteError) in try db.query("SELECT value FROM nowhere") }
            Issue.record("a query of a missing table succeeded")
        } catch {
            #expect(error.code == 1)  // SQLITE_ERROR
            #expect(error.statement == "SELECT value FROM nowhere")
            #expect(error.message.contains("nowhere"))
        }
        _ = try await database.write { (db) throws(SQLiteError) in try db.update("INSERT INTO numbers (value) VALUES (1)") }
        do throws(SQLiteError) {
            _ = try database.transaction { (db) throws(SQLiteError) in try db.update("INSERT INTO numbers (value) VALUES (1)") }
            Issue.record("a duplicate key was inserted")
        } catch {
            #expect(error.code == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY: the extended code
        }
    }

    @Test func aWriteThatFailsHalfWayLeavesNothingOfItselfBehind() async throws {
        let database = try Self.database()
        _ = try await database.write { (db) throws(SQLiteError) in try db.update("INSERT INTO numbers (value) VALUES (1)") }
        await #expect(throws: SQLiteError.self) {
            try await database.write { (db) throws(SQLiteError) in
                try db.update("INSERT INTO numbers (value) VALUES (2)")
                try db.update("INSERT INTO numbers (value) VALUES (1)")
            }
        }
        let failed = Mutex<SQLiteError?>(nil)
        database.writeLater(
            { (db) throws(SQLiteError) in
                try db.update("INSERT INTO numbers (value) VALUES (3)")
                try db.update("INSERT INTO nowhere (value) VALUES (3)")
            }, failed: { error in failed.withLock { $0 = error } })
        #expect(try await database.read(Self.numbers) == [1], "neither 2 nor 3 was kept")
        #expect(failed.withLock { $0?.statement } == "INSERT INTO nowhere (value) VALUES (3)")
        #expect(throws: SQLiteError.self) {
            try database.transaction { (db) throws(SQLiteError) in
                try db.update("INSERT INTO numbers (value) VALUES (4)")
                try db.update("INSERT INTO numbers (value) VALUES ('four')")  // SQLITE_MISMATCH: a rowid is an integer
            }
        }
        #expect(try database.access(Self.numbers) == [1])
    }

    @Test func workOnTheQueueUsesTheConnectionAtOnceAndKeepsItsPlaceInLine() async throws {
        let database = try Self.database()
        database.writeLater(
            { (db) throws(SQLiteError) in try db.update("INSERT INTO numbers (value) VALUES (1)") },
            failed: { error in Issue.record("\(error)") })
        // Already on the queue, the blocking calls run at once instead of waiting for themselves,
        // after the write queued before.
        let seen = await database.awaitOnQueue {
            (try? database.blockOnQueue { () throws(SQLiteError) in try database.access(Self.numbers) }) ?? []
        }
        #expect(seen == [1])
        let count = try database.blockOnQueue { () throws(SQLiteError) -> Int in
            try database.transaction { (db) throws(SQLiteError) -> Int in
                try db.update("INSERT INTO numbers (value) VALUES (2)")
                return try Self.numbers(db).count
            }
        }
        #expect(count == 2)
    }

    /// A task preferring the queue as its executor runs its nonisolated code on the queue, in line
    /// with the work queued before it, and comes back there after a suspension resumed elsewhere
    /// (`accessOnQueue` would trap anywhere else); work handed to `enqueue` runs there too.
    @Test func aTaskPreferringTheQueueRunsOnItAndWorkEnqueuedRunsInLine() async throws {
        let database = try Self.database()
        database.writeLater(
            { (db) throws(SQLiteError) in try db.update("INSERT INTO numbers (value) VALUES (1)") },
            failed: { error in Issue.record("\(error)") })
        let seen = try await Task(executorPreference: database.taskExecutor) { @concurrent () throws(SQLiteError) in
            let before = try database.accessOnQueue(Self.numbers)
            await withCheckedContinuation { continuation in Task.detached { continuation.resume() } }
            try database.accessOnQueue { (db) throws(SQLiteError) in try db.update("INSERT INTO numbers (value) VALUES (2)") }
            return before
        }.value
        #expect(seen == [1], "after the write queued before the task")
        let enqueued = await withCheckedContinuation { continuation in
            database.enqueue { continuation.resume(returning: (try? database.accessOnQueue(Self.numbers)) ?? []) }
        }
        #expect(enqueued == [1, 2])
    }

    @Test func anActorOnTheDatabasesQueueCommitsInStepWithItsStateWithoutAwaiting() async throws {
        let counter = Counter(database: try Self.database())
        // Every call reads the actor's state and commits before another call can run: the rows
        // and the count never disagree, however the calls interleave.
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 { group.addTask { try? await counter.increment() } }
        }
        #expect(await counter.count == 40)
        #expect(try await counter.database.read(Self.numbers) == Array(1...40))
        await #expect(throws: SQLiteError.self) { try await counter.insertTwice() }
        #expect(await counter.count == 40, "the failed commit changed nothing")
        #expect(try await counter.database.read(Self.numbers).count == 40)
    }

    /// State that must change in step with the file, as the downloader's coordinator keeps it.
    actor Counter {
        let database: SQLiteDatabase
        private(set) var count: Int64 = 0

        init(database: SQLiteDatabase) { self.database = database }

        nonisolated var unownedExecutor: UnownedSerialExecutor { database.unownedExecutor }

        func increment() throws(SQLiteError) {
            let next = count + 1
            _ = try database.transactionOnQueue { (db) throws(SQLiteError) in
                try db.update("INSERT INTO numbers (value) VALUES (?)", .integer(next))
            }
            count = next
        }

        func insertTwice() throws(SQLiteError) {
            try database.transactionOnQueue { (db) throws(SQLiteError) in
                try db.update("INSERT INTO numbers (value) VALUES (?)", .integer(count + 1))
                try db.update("INSERT INTO numbers (value) VALUES (?)", .integer(count + 1))
            }
            count += 2
        }
    }
}
