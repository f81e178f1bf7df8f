import Exposure
import Foundation
import SQLiteStore

/// The reports not yet acknowledged, in the manager's SQLite file, oldest first.
final class DownloadReportOutbox: Sendable {
    /// A stored report.
    struct Entry: Sendable, Hashable {
        var id: Int64
        var report: DownloadReport
        var attempts: Int
        var dueMs: Int64
    }

    private let database: OfflineDatabaseHandle

    init(database: OfflineDatabaseHandle) { self.database = database }

    /// Stores a report due at once.
    func add(_ report: DownloadReport, nowMs: Int64) async throws(OfflineManagerError) {
        try await database.offlineAwait(inTransaction: true) { (db) throws(SQLiteError) in
            _ = try db.update(
                """
                INSERT INTO reports (kind, asset_id, base_url, customer, business_unit, session_token, due_ms)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """, .text(report.kind.rawValue), .text(report.assetId), .text(report.environment.baseUrl),
                .text(report.environment.customer), .text(report.environment.businessUnit),
                .text(report.sessionToken.value), .integer(nowMs))
        }
    }

    /// Every stored report, oldest first.
    func entries() async throws(OfflineManagerError) -> [Entry] {
        try await database.offlineAwait(inTransaction: false) { (db) throws(SQLiteError) -> [Entry] in
            try db.query(
                """
                SELECT id, kind, asset_id, base_url, customer, business_unit, session_token, attempts, due_ms
                FROM reports ORDER BY id
                """
            ).compactMap { row in
                guard let id = row.int(0), let kind = row.text(1).flatMap(DownloadReport.Kind.init(rawValue:)) else { return nil }
                let environment = Environment(baseUrl: row.text(3) ?? "", customer: row.text(4) ?? "", businessUnit: row.text(5) ?? "")
                let report = DownloadReport(
                    kind: kind, assetId: row.text(2) ?? "", environment: environment,
                    sessionToken: SessionToken(value: row.text(6) ?? ""))
                return Entry(id: id, report: report, attempts: Int(row.int(7) ?? 0), dueMs: row.int(8) ?? 0)
            }
        }
    }

    /// Makes the asset's waiting reports go with `token`: the one they were made with may have
    /// expired, and a 401 would refuse them for good. Queued, not waited for (the manager's
    /// synchronous calls adopt tokens); a later delivery reads the outbox after it. Nothing
    /// happens when the database could not be opened or the write fails: the reports keep their token.
    func adoptToken(_ token: String, assetId: String) {
        try? database.get().writeLater(
            { (db) throws(SQLiteError) in
                _ = try db.update("UPDATE reports SET session_token = ? WHERE asset_id = ?", .text(token), .text(assetId))
            }, failed: { _ in })
    }

    /// Forgets a report (delivered or refused for good).
    func remove(id: Int64) async throws(OfflineManagerError) {
        try await database.offlineAwait(inTransaction: true) { (db) throws(SQLiteError) in
            _ = try db.update("DELETE FROM reports WHERE id = ?", .integer(id))
        }
    }

    /// Counts a failed attempt and sets when the next one is due.
    func postpone(id: Int64, attempts: Int, dueMs: Int64) async throws(OfflineManagerError) {
        try await database.offlineAwait(inTransaction: true) { (db) throws(SQLiteError) in
            _ = try db.update(
                "UPDATE reports SET attempts = ?, due_ms = ? WHERE id = ?", .integer(Int64(attempts)), .integer(dueMs), .integer(id))
        }
    }
}
