import Exposure
import ExposureDownload
import Foundation
import SQLiteStore
import Synchronization
import TestSupport
import Testing

/// The outbox's delivery rules over a scripted transport: order per asset, final refusals, restarts.
@Suite(.onItsOwnQueue, .timeLimit(.minutes(1))) struct DownloadReporterTests {
    /// Answers each request with the next scripted status (200 once the script runs out) and writes down what came.
    final class ScriptedTransport: HTTPTransport {
        private let state: Mutex<(statuses: [Int], sent: [String])>
        init(_ statuses: [Int]) { state = Mutex((statuses, [])) }
        var sent: [String] { state.withLock { $0.sent } }

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            let status = state.withLock { state -> Int in
                state.sent.append("\(request.method.rawValue) \(request.url.path.split(separator: "/").suffix(2).joined(separator: "/"))")
                return state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
            }
            // A 2xx with no body: a report needs only the status.
            return TransportResponse(status: status, body: status == 200 ? Data() : Data(#"{"httpCode":\#(status),"message":"X"}"#.utf8))
        }
    }

    static let environment = Environment(baseUrl: "http://127.0.0.1:9", customer: "C", businessUnit: "B")

    static func report(_ kind: DownloadReport.Kind, _ assetId: String) -> DownloadReport {
        DownloadReport(kind: kind, assetId: assetId, environment: environment, sessionToken: SessionToken(value: "t"))
    }

    static func reporter(folder: URL, transport: ScriptedTransport, clock: ManualClock)
        -> (DownloadReporter, AsyncStream<DownloadReportOutcome>.Iterator)
    {
        let database = OfflineDatabaseHandle { () throws(OfflineManagerError) in try OfflineDatabase.open(folder: folder) }
        let (outcomes, sink) = AsyncStream.makeStream(of: DownloadReportOutcome.self)
        let reporter = DownloadReporter(
            outbox: database.map(Outbox.init(database:)), transport: transport, clock: clock, outcomes: sink)
        return (reporter, outcomes.makeAsyncIterator())
    }

    @Test func waitingReportsTakeTheNewestTokenOfTheirAsset() async throws {
        let folder = TemporaryFolder("reports")
        let outbox = OfflineDatabaseHandle { () throws(OfflineManagerError) in try OfflineDatabase.open(folder: folder.url) }
            .map(Outbox.init(database:))
        let start = WallTime(millisecondsSince1970: 0)
        try await outbox.add(Self.report(.completed, "a"), due: start)
        try await outbox.add(Self.report(.deleted, "a"), due: start)
        try await outbox.add(Self.report(.completed, "b"), due: start)
        outbox.adoptToken("renewed", assetId: "a")
        let tokens = try await outbox.waitingReports().map { "\($0.report.assetId) \($0.report.sessionToken.value)" }
        #expect(tokens == ["a renewed", "a renewed", "b t"])
    }

    @Test func aLaterReportOfAnAssetWaitsForItsFailedPredecessorButOtherAssetsGoOn() async throws {
        let transport = ScriptedTransport([503])
        let clock = ManualClock(at: WallTime(millisecondsSince1970: 0))
        let folder = TemporaryFolder("reports")
        let (reporter, _) = Self.reporter(folder: folder.url, transport: transport, clock: clock)
        try await reporter.add(Self.report(.completed, "a"))
        try await reporter.add(Self.report(.deleted, "a"))
        try await reporter.add(Self.report(.completed, "b"))
        await reporter.deliverDue()
        #expect(transport.sent.filter { $0.hasSuffix("a/downloads") }.isEmpty)
        #expect(transport.sent.contains("POST b/downloadcompleted"))

        clock.advance(to: WallTime(millisecondsSince1970: 1_000))
        await reporter.deliverDue()
        #expect(transport.sent.suffix(2) == ["POST a/downloadcompleted", "DELETE a/downloads"])
        withExtendedLifetime(folder) {}
    }

    @Test func aRefusalRetryingCannotFixLeavesTheOutbox() async throws {
        let transport = ScriptedTransport([403])
        let clock = ManualClock(at: WallTime(millisecondsSince1970: 0))
        let folder = TemporaryFolder("reports")
        var (reporter, outcomes) = Self.reporter(folder: folder.url, transport: transport, clock: clock)
        try await reporter.add(Self.report(.renewed, "a"))
        #expect(await outcomes.next() == .rejected(Self.report(.renewed, "a"), status: 403))
        clock.advance(to: WallTime(millisecondsSince1970: 10_000_000))
        await reporter.deliverDue()
        #expect(transport.sent == ["POST a/downloadrenewed"])
        withExtendedLifetime(folder) {}
    }

    @Test func whatARunLeftIsSentByTheNextReporterOnTheFolder() async throws {
        let folder = TemporaryFolder("reports")
        let clock = ManualClock(at: WallTime(millisecondsSince1970: 0))
        var (first, firstOutcomes) = Self.reporter(folder: folder.url, transport: ScriptedTransport([500]), clock: clock)
        try await first.add(Self.report(.completed, "a"))
        #expect(
            await firstOutcomes.next()
                == .retrying(Self.report(.completed, "a"), attempts: 1, nextAttempt: WallTime(millisecondsSince1970: 1_000)))
        await first.stop()

        clock.advance(to: WallTime(millisecondsSince1970: 1_000))
        let transport = ScriptedTransport([])
        var (second, outcomes) = Self.reporter(folder: folder.url, transport: transport, clock: clock)
        await second.deliverDue()
        #expect(await outcomes.next() == .delivered(Self.report(.completed, "a")))
        #expect(transport.sent == ["POST a/downloadcompleted"])
        withExtendedLifetime(folder) {}
    }

    /// `offline.sqlite` as managers before the one outbox wrote it (schema version 1, its own
    /// `reports` table) keeps its reports, their order, attempts and due times across the upgrade.
    @Test func reportsAnOlderManagerLeftAreDeliveredByTheUpgradedOne() async throws {
        let folder = TemporaryFolder("reports")
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        let old = try SQLiteDatabase(path: folder.url.appendingPathComponent(OfflineDatabase.fileName).path)
        try old.transaction { (db) throws(SQLiteError) in
            try db.execute(
                """
                CREATE TABLE schema_version (version INTEGER NOT NULL);
                INSERT INTO schema_version (version) VALUES (1);
                CREATE TABLE items (
                    asset_id TEXT PRIMARY KEY, state TEXT NOT NULL, suspended_by_policy INTEGER NOT NULL DEFAULT 0,
                    base_url TEXT NOT NULL, customer TEXT NOT NULL, business_unit TEXT NOT NULL, session_token TEXT NOT NULL,
                    selection TEXT NOT NULL, estimated_bytes INTEGER, entitlement TEXT, expiry_ms INTEGER,
                    completed_bytes INTEGER NOT NULL DEFAULT 0, fraction REAL NOT NULL DEFAULT 0, master_playlist TEXT,
                    used_bytes INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE reports (
                    id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, asset_id TEXT NOT NULL, base_url TEXT NOT NULL,
                    customer TEXT NOT NULL, business_unit TEXT NOT NULL, session_token TEXT NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0, due_ms INTEGER NOT NULL
                );
                """)
            for (kind, asset, token, attempts, dueMs) in [
                ("completed", "a", "old", 2, 3_000), ("completed", "b", "t", 0, 0), ("deleted", "a", "t", 0, 0)
            ] as [(String, String, String, Int64, Int64)] {
                try db.query(
                    """
                    INSERT INTO reports (kind, asset_id, base_url, customer, business_unit, session_token, attempts, due_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, .text(kind), .text(asset), .text(Self.environment.baseUrl), .text(Self.environment.customer),
                    .text(Self.environment.businessUnit), .text(token), .integer(attempts), .integer(dueMs))
            }
        }

        let clock = ManualClock(at: WallTime(millisecondsSince1970: 0))
        let transport = ScriptedTransport([])
        let (reporter, _) = Self.reporter(folder: folder.url, transport: transport, clock: clock)
        let waiting = try await reporter.outbox.waitingReports()
        #expect(waiting.map(\.report) == [Self.report(.completed, "a"), Self.report(.completed, "b"), Self.report(.deleted, "a")])
        #expect(waiting.map(\.message.attempts) == [2, 0, 0])
        #expect(waiting.map(\.message.due.millisecondsSince1970) == [3_000, 0, 0])

        await reporter.deliverDue()
        #expect(transport.sent == ["POST b/downloadcompleted"], "a's due report holds its later one back")
        clock.advance(to: WallTime(millisecondsSince1970: 3_000))
        await reporter.deliverDue()
        #expect(transport.sent.suffix(2) == ["POST a/downloadcompleted", "DELETE a/downloads"])
        #expect(try await reporter.outbox.waitingReports().isEmpty)
        withExtendedLifetime(folder) {}
    }
}
