import Clocks
import Exposure
import ExposureModels
import SQLiteStore
import Synchronization
import Testing

/// The SDK's one outbox as a value store: streams, the order of their messages, attempts and tokens.
@Suite struct OutboxTests {
    static let environment = Environment(baseUrl: "http://127.0.0.1:9", customer: "C", businessUnit: "B")

    static func outbox() throws -> Outbox {
        let database = try SQLiteDatabase(path: ":memory:")
        try SQLiteMigrations([Outbox.tables]).migrate(database)
        return Outbox(database: database)
    }

    @Test func addedMessagesAreNumberedInTheirStreamAndKeepTheOrderTheyCameIn() async throws {
        let outbox = try Self.outbox()
        let start = WallTime(millisecondsSince1970: 5)
        try await outbox.add("completed", to: "a", environment: Self.environment, sessionToken: SessionToken(value: "t"), due: start)
        try await outbox.add("completed", to: "b", environment: Self.environment, sessionToken: SessionToken(value: "t"), due: start)
        try await outbox.add("deleted", to: "a", environment: Self.environment, sessionToken: SessionToken(value: "u"), due: start)
        let streams = try await outbox.streams()
        #expect(streams.map(\.id) == ["a", "b"])
        #expect(streams[0].messages.map(\.sequence) == [1, 2] && streams[0].messages.map(\.body) == ["completed", "deleted"])
        #expect(streams[0].sessionToken?.value == "u", "the newest message's token is the stream's")
        #expect(streams.flatMap(\.messages).sorted { $0.id < $1.id }.map(\.stream) == ["a", "b", "a"])
        #expect(streams[0].messages.allSatisfy { $0.due == start && $0.attempts == 0 })
        #expect(try outbox.messageCount() == 3)
    }

    @Test func storedMessagesReplaceTheirNumberAndAStreamLeavesWithItsLastMessage() async throws {
        let outbox = try Self.outbox()
        let failures = FailureLog()
        outbox.open("s", environment: Self.environment, sessionToken: nil, header: "{}", failed: failures.record)
        outbox.store([(1, "one"), (2, "two")], in: "s", failed: failures.record)
        outbox.store([(2, "two again")], in: "s", failed: failures.record)
        #expect(try await outbox.streams().first?.messages.map(\.body) == ["one", "two again"])
        #expect(try await outbox.streams().first?.header == "{}")
        try await outbox.remove([1], from: "s")
        #expect(try await outbox.streams().map(\.id) == ["s"])
        try await outbox.remove([2], from: "s")
        #expect(try await outbox.streams().isEmpty)
        #expect(failures.isEmpty)
    }

    @Test func failuresAttemptsAndTokensAreKeptPerStreamAndMessage() async throws {
        let outbox = try Self.outbox()
        let start = WallTime(millisecondsSince1970: 0)
        try await outbox.add("completed", to: "a", environment: Self.environment, sessionToken: SessionToken(value: "t"), due: start)
        #expect(try await outbox.countFailure(of: "a") == 1)
        #expect(try await outbox.countFailure(of: "a") == 2)
        try await outbox.postpone(1, in: "a", attempts: 3, due: start + .seconds(4))
        let failures = FailureLog()
        outbox.adoptToken(SessionToken(value: "renewed"), stream: "a", failed: failures.record)
        let stream = try #require(try await outbox.streams().first)
        #expect(stream.failures == 2 && stream.sessionToken?.value == "renewed")
        #expect(stream.messages.map(\.attempts) == [3] && stream.messages.map(\.due) == [start + .seconds(4)])
        #expect(failures.isEmpty)
    }
}

/// The errors a queued write reported (none, in these tests).
private final class FailureLog: Sendable {
    private let errors = Mutex<[SQLiteError]>([])
    var isEmpty: Bool { errors.withLock { $0.isEmpty } }
    @Sendable func record(_ error: SQLiteError) { errors.withLock { $0.append(error) } }
}
