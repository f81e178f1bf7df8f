import Clocks
import Exposure
import SQLiteStore

/// The manager's reports still owed to the backend: the SDK's one ``Outbox`` in `offline.sqlite`,
/// a stream per asset (its reports in the order they were made), a report's kind its body. Or,
/// when the database could not be opened, why: every use then fails with that error.
package typealias ReportOutbox = Result<Outbox, OfflineManagerError>

/// A report waiting in the outbox.
package struct WaitingReport: Sendable, Hashable {
    /// Where it is stored: its number among its asset's reports, its attempts, when it is due.
    package var message: Outbox.Message
    /// The report.
    package var report: DownloadReport
}

extension Result where Success == Outbox, Failure == OfflineManagerError {
    /// Stores a report due at `due`.
    package func add(_ report: DownloadReport, due: WallTime) async throws(OfflineManagerError) {
        try await storage { outbox throws(SQLiteError) in
            try await outbox.add(
                report.kind.rawValue, to: report.assetId, environment: report.environment, sessionToken: report.sessionToken, due: due)
        }
    }

    /// Every stored report, oldest first.
    package func waitingReports() async throws(OfflineManagerError) -> [WaitingReport] {
        try await storage { outbox throws(SQLiteError) in
            try await outbox.streams().flatMap { stream in
                stream.messages.compactMap { message -> WaitingReport? in
                    guard let kind = DownloadReport.Kind(rawValue: message.body) else { return nil }
                    let report = DownloadReport(
                        kind: kind, assetId: stream.id, environment: stream.environment,
                        sessionToken: stream.sessionToken ?? SessionToken(value: ""))
                    return WaitingReport(message: message, report: report)
                }
            }.sorted { $0.message.id < $1.message.id }
        }
    }

    /// Makes the asset's waiting reports go with `token`: the one they were made with may have
    /// expired, and a 401 would refuse them for good. Queued, not waited for (the manager's
    /// synchronous calls adopt tokens); a later delivery reads the outbox after it. Nothing
    /// happens when the database could not be opened or the write fails: the reports keep their token.
    package func adoptToken(_ token: String, assetId: String) {
        try? get().adoptToken(SessionToken(value: token), stream: assetId, failed: { _ in })
    }

    /// Forgets a report (delivered or refused for good).
    package func remove(_ waiting: WaitingReport) async throws(OfflineManagerError) {
        try await storage { outbox throws(SQLiteError) in
            try await outbox.remove([waiting.message.sequence], from: waiting.message.stream)
        }
    }

    /// Counts a failed attempt and sets when the next one is due.
    package func postpone(_ waiting: WaitingReport, attempts: Int, due: WallTime) async throws(OfflineManagerError) {
        try await storage { outbox throws(SQLiteError) in
            try await outbox.postpone(waiting.message.sequence, in: waiting.message.stream, attempts: attempts, due: due)
        }
    }

    /// `body` on the outbox, with SQLite's errors as the manager's storage error.
    private func storage<Value>(_ body: (Outbox) async throws(SQLiteError) -> Value) async throws(OfflineManagerError) -> Value {
        let outbox = try get()
        do {
            return try await body(outbox)
        } catch {
            throw .storage(error.description)
        }
    }
}
