import Foundation
import SQLiteStore

/// One file of a download as the index keeps it.
package struct IndexedFile: Sendable, Hashable {
    /// The plan's entry (its size once known).
    package var planned: PlannedFile
    /// Length and SHA-256 once the file is complete.
    package var completion: Completion?

    /// What makes a file count: its length and its digest, recorded after it was renamed into place.
    package struct Completion: Sendable, Hashable {
        package var length: Int64
        package var sha256: String

        /// A file of `length` bytes whose SHA-256 is `sha256` (lowercase hex).
        package init(length: Int64, sha256: String) {
            self.length = length
            self.sha256 = sha256
        }
    }
}

/// One download as the index keeps it.
package struct IndexedDownload: Sendable, Hashable {
    package var id: MediaDownloadID
    /// The package folder's name under the downloader's folder.
    package var folder: String
    package var source: URL
    package var phase: MediaDownloadPhase
    /// Bytes announced before a repair (see ``ProgressLedger``).
    package var floorBytes: Int64
    package var files: [IndexedFile]
}

/// The downloader's SQLite file: every download's plan, phase and completed files.
///
/// Each change is committed before the event announcing it is sent, so a process killed at any
/// point comes back with at least what it announced. WAL with `synchronous=NORMAL`: a kill loses
/// nothing committed (a power cut may lose the last commits, which `verify` then finds).
///
/// The ``DownloadCoordinator`` actor runs on the database's queue (``unownedExecutor``) and
/// makes its calls there, between reading and changing its state: they run at once, neither
/// blocking a thread of the cooperative pool nor suspending (an `await` there would let another
/// call of the actor in between: a second completed file deciding it is the last one, too).
/// Opening and ``restore()`` block instead, once, in the downloader's synchronous initializer
/// before the coordinator exists; so does ``all()``, a reading of the file as another process
/// would make it, which nothing on the coordinator's queue calls.
package final class DownloadIndex: Sendable {
    private let database: SQLiteDatabase

    private static let schema = SQLiteMigrations([
        """
        CREATE TABLE downloads (
            id TEXT PRIMARY KEY,
            folder TEXT NOT NULL UNIQUE,
            source TEXT NOT NULL,
            phase TEXT NOT NULL,
            floor_bytes INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE files (
            download_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            path TEXT NOT NULL,
            url TEXT NOT NULL,
            expected_length INTEGER,
            length INTEGER,
            sha256 TEXT,
            PRIMARY KEY (download_id, position)
        );
        """
    ])

    /// Opens (creating it if needed) the index at `url`, blocking the caller until it is done.
    package init(url: URL) throws(MediaDownloadFailure) {
        do {
            database = try SQLiteDatabase(path: url.path)
            try database.useWriteAheadLog()
            try Self.schema.migrate(database)
        } catch {
            throw .storage("cannot open the download index \(url.path): \(error)")
        }
    }

    /// The queue the index's calls run on, as the executor of the actor that makes them.
    package var unownedExecutor: UnownedSerialExecutor { database.unownedExecutor }

    /// The queue the index's calls run on, as the executor preferred by tasks that work beside
    /// the actor on it (``SQLiteDatabase/taskExecutor``).
    package var taskExecutor: any TaskExecutor { database.taskExecutor }

    /// Runs `work` on the index's queue after what was queued before it, returning at once: how
    /// code off the queue reaches the actor running there without a task of its own.
    package func enqueue(_ work: @escaping @Sendable () -> Void) { database.enqueue(work) }

    /// Every download with its files in plan order, those that were fetching when the last process
    /// ended recorded as suspended now, in one transaction. Blocking (see the type).
    package func restore() throws(MediaDownloadFailure) -> [IndexedDownload] {
        do {
            return try database.transaction { (db) throws(SQLiteError) in
                try db.update(
                    "UPDATE downloads SET phase = ? WHERE phase = ?", .text(MediaDownloadPhase.suspended.rawValue),
                    .text(MediaDownloadPhase.fetching.rawValue))
                return try Self.all(db)
            }
        } catch {
            throw Self.failure(error)
        }
    }

    /// Every download with its files in plan order, as the file holds them. Blocking (see the type).
    package func all() throws(MediaDownloadFailure) -> [IndexedDownload] {
        do { return try database.access(Self.all) } catch { throw Self.failure(error) }
    }

    private static func all(_ db: SQLiteAccess) throws(SQLiteError) -> [IndexedDownload] {
        var downloads: [IndexedDownload] = []
        for row in try db.query("SELECT id, folder, source, phase, floor_bytes FROM downloads ORDER BY rowid") {
            guard let id = row.text(0), let folder = row.text(1), let source = row.text(2).flatMap(URL.init(string:)),
                let phase = row.text(3).flatMap(MediaDownloadPhase.init(rawValue:))
            else { continue }
            let files = try db.query(
                "SELECT path, url, expected_length, length, sha256 FROM files WHERE download_id = ? ORDER BY position", .text(id)
            ).map { file in
                IndexedFile(
                    planned: PlannedFile(
                        path: file.text(0) ?? "", url: file.text(1).flatMap(URL.init(string:)) ?? source,
                        expectedLength: file.int(2)),
                    completion: file.int(3).flatMap { length in file.text(4).map { .init(length: length, sha256: $0) } })
            }
            downloads.append(
                IndexedDownload(
                    id: MediaDownloadID(rawValue: id), folder: folder, source: source, phase: phase,
                    floorBytes: row.int(4) ?? 0, files: files))
        }
        return downloads
    }

    /// Records a new download and its plan, in one transaction.
    package func insert(_ download: IndexedDownload) throws(MediaDownloadFailure) {
        try transaction { (db) throws(SQLiteError) in
            try db.update(
                "INSERT INTO downloads (id, folder, source, phase, floor_bytes) VALUES (?, ?, ?, ?, ?)",
                .text(download.id.rawValue), .text(download.folder), .text(download.source.absoluteString),
                .text(download.phase.rawValue), .integer(download.floorBytes))
            for (position, file) in download.files.enumerated() {
                try db.update(
                    "INSERT INTO files (download_id, position, path, url, expected_length) VALUES (?, ?, ?, ?, ?)",
                    .text(download.id.rawValue), .integer(Int64(position)), .text(file.planned.path),
                    .text(file.planned.url.absoluteString), file.planned.expectedLength.map { .integer($0) } ?? .null)
            }
        }
    }

    /// Records a download's phase.
    package func setPhase(_ phase: MediaDownloadPhase, of id: MediaDownloadID) throws(MediaDownloadFailure) {
        try run { (db) throws(SQLiteError) in
            _ = try db.update("UPDATE downloads SET phase = ? WHERE id = ?", .text(phase.rawValue), .text(id.rawValue))
        }
    }

    /// A file to record as complete.
    package struct CompletedFile: Sendable, Hashable {
        package var id: MediaDownloadID
        package var position: Int
        package var completion: IndexedFile.Completion
        /// Whether it is the last file of its download, which is then recorded complete with it.
        package var isLast: Bool

        /// The file at `position` of download `id`, complete with `completion`; `isLast` when it completes the download.
        package init(id: MediaDownloadID, position: Int, completion: IndexedFile.Completion, isLast: Bool) {
            self.id = id
            self.position = position
            self.completion = completion
            self.isLast = isLast
        }
    }

    /// Records complete files, and the phase of the downloads they complete, in one transaction.
    package func complete(_ files: [CompletedFile]) throws(MediaDownloadFailure) {
        try transaction { (db) throws(SQLiteError) in
            for file in files {
                try db.update(
                    "UPDATE files SET length = ?, sha256 = ? WHERE download_id = ? AND position = ?",
                    .integer(file.completion.length), .text(file.completion.sha256), .text(file.id.rawValue),
                    .integer(Int64(file.position)))
                if file.isLast {
                    try db.update(
                        "UPDATE downloads SET phase = ? WHERE id = ?", .text(MediaDownloadPhase.complete.rawValue), .text(file.id.rawValue))
                }
            }
        }
    }

    /// Takes complete files back (found broken), keeping `floorBytes` as the bytes announced.
    package func reopen(positions: [Int], of id: MediaDownloadID, floorBytes: Int64) throws(MediaDownloadFailure) {
        try transaction { (db) throws(SQLiteError) in
            for position in positions {
                try db.update(
                    "UPDATE files SET expected_length = length, length = NULL, sha256 = NULL WHERE download_id = ? AND position = ?",
                    .text(id.rawValue), .integer(Int64(position)))
            }
            try db.update(
                "UPDATE downloads SET floor_bytes = ?, phase = ? WHERE id = ?",
                .integer(floorBytes), .text(MediaDownloadPhase.suspended.rawValue), .text(id.rawValue))
        }
    }

    /// Forgets a download and its files.
    package func delete(_ id: MediaDownloadID) throws(MediaDownloadFailure) {
        try transaction { (db) throws(SQLiteError) in
            try db.update("DELETE FROM files WHERE download_id = ?", .text(id.rawValue))
            try db.update("DELETE FROM downloads WHERE id = ?", .text(id.rawValue))
        }
    }

    private func run<Result>(_ body: (SQLiteAccess) throws(SQLiteError) -> Result) throws(MediaDownloadFailure) -> Result {
        do { return try database.accessOnQueue(body) } catch { throw Self.failure(error) }
    }

    private func transaction<Result>(_ body: (SQLiteAccess) throws(SQLiteError) -> Result) throws(MediaDownloadFailure) -> Result {
        do { return try database.transactionOnQueue(body) } catch { throw Self.failure(error) }
    }

    /// `SQLITE_FULL` is a full disk; anything else a storage failure.
    private static func failure(_ error: SQLiteError) -> MediaDownloadFailure {
        error.code & 0xff == 13 ? .insufficientSpace : .storage("download index: \(error)")
    }
}
