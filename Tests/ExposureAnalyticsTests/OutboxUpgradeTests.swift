import Exposure
import ExposureAnalytics
import ExposureModels
import Foundation
import MockPlatformTesting
import SQLiteStore
import Testing

/// A user's `analytics.sqlite` as SDKs before the one outbox wrote it (schema version 2, its own
/// `sessions` and `events` tables) keeps its unsent events across the upgrade.
@Suite struct OutboxUpgradeTests {
    /// The released schema version 2 of `analytics.sqlite`, as it was written.
    static let version2 = [
        """
        CREATE TABLE sessions (
            session_id TEXT PRIMARY KEY, base_url TEXT NOT NULL, customer TEXT NOT NULL, business_unit TEXT NOT NULL,
            session_token TEXT, clock_offset_ms INTEGER, deferred INTEGER NOT NULL, failed_flushes INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE events (
            session_id TEXT NOT NULL, sequence_number INTEGER NOT NULL, body TEXT NOT NULL, PRIMARY KEY (session_id, sequence_number)
        );
        """,
        "CREATE TABLE offline_playbacks (play_session_id TEXT PRIMARY KEY, count INTEGER NOT NULL);"
    ]

    @Test func eventsAnOlderSDKLeftAreSentByTheUpgradedOneOnce() async throws {
        let platform = try await MockPlatform.start()
        defer { platform.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("analytics-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = testClock()
        let (token, entitlement) = try await startPlayback("city-lights", on: platform)

        // Events a real reporter recorded while the EventSink failed, taken out of a current outbox…
        try platform.inject(.status(503, path: "/eventsink/send$"))
        let current = folder.appendingPathComponent("current.sqlite")
        do {
            let first = try AnalyticsDispatcherTests.dispatcher(clock: clock, outbox: AnalyticsOutbox(url: current))
            let reporter = try await AnalyticsDispatcherTests.begin(first, entitlement, token: token, on: platform)
            reporter.record(.created(autoPlay: true, playMode: .vod, target: .asset(id: "city-lights")))
            reporter.record(.started(mediaLocator: "m", videoLengthMs: nil, bitrateKbps: nil), offset: .zero)
            reporter.record(.aborted, offset: .milliseconds(1_000))
            await reporter.finish(timeout: .zero)
        }
        platform.removeFaults()
        let events = try SQLiteDatabase(path: current.path).access { (db) throws(SQLiteError) in
            try db.query("SELECT sequence, body FROM outbox_messages ORDER BY sequence")
        }
        #expect(events.count == 4)

        // … written into a file of the old shape, with a failed flush counted and a measured clock offset.
        let old = folder.appendingPathComponent("analytics.sqlite")
        let database = try SQLiteDatabase(path: old.path)
        try database.transaction { (db) throws(SQLiteError) in
            try db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
            for (index, step) in Self.version2.enumerated() {
                try db.execute(step)
                try db.query("INSERT INTO schema_version (version) VALUES (?)", .integer(Int64(index + 1)))
            }
            try db.query(
                "INSERT INTO sessions VALUES (?, ?, ?, ?, ?, 12, 0, 1)", .text(entitlement.playSessionId),
                .text(platform.environment.baseUrl), .text(platform.environment.customer), .text(platform.environment.businessUnit),
                .text(token.value))
            for row in events {
                try db.query(
                    "INSERT INTO events VALUES (?, ?, ?)", .text(entitlement.playSessionId), row.values[0], row.values[1])
            }
            try db.query("INSERT INTO offline_playbacks VALUES ('download-1', 2)")
        }

        let upgraded = try AnalyticsOutbox(url: old)
        #expect(try upgraded.pendingEventCount() == 4)
        let dispatcher = try AnalyticsDispatcherTests.dispatcher(clock: clock, outbox: upgraded)
        #expect(await dispatcher.flushPending() == .init(sent: 4, waiting: 0))
        #expect(await dispatcher.flushPending() == .init(sent: 0, waiting: 0), "nothing is sent twice")
        #expect(try upgraded.pendingEventCount() == 0)
        let report = try #require(platform.analyticsSession(entitlement.playSessionId))
        #expect(report.eventCount == 4 && report.duplicatesDropped == 0 && report.ended == .aborted)
        let offline = dispatcher.beginOfflineSession(
            playSessionId: "download-1", environment: platform.environment, sessionToken: nil, settings: nil)
        #expect(offline?.sessionId == "download-1_3", "the offline playback count moves on from the old file's")
    }
}
