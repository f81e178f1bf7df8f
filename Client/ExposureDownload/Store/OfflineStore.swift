import Exposure
import Foundation
import SQLiteStore

/// The items in `offline.sqlite`: every state change is written here before it is announced.
///
/// The manager changes its registry only on the database's queue (``serialized(_:)``), and
/// writes here under the registry's lock, so what is stored and what is announced never
/// disagree: the writes then run at once, and no thread holds the lock while waiting for the
/// queue. The downloader's events reach it by suspending (``serialized(_:)-async``); the official
/// SDK's synchronous calls (`download(sourceItem:)`, `suspendDownload(for:)` …), which persist
/// before they return, and the manager's own work items block until the queue has run them.
package final class OfflineStore: Sendable {
    private let database: OfflineDatabaseHandle

    package init(database: OfflineDatabaseHandle) { self.database = database }

    /// Runs `body` on the database's queue, blocking the caller (at once when it already runs there).
    package func serialized<Value>(_ body: () throws(OfflineManagerError) -> Value) throws(OfflineManagerError) -> Value {
        try database.serialized(body)
    }

    /// Runs `body` on the database's queue, suspending the caller until it is done.
    package func serialized(_ body: @escaping @Sendable () -> Void) async { await database.serialized(body) }

    /// Every stored item.
    package func all() throws(OfflineManagerError) -> [OfflineItemRecord] {
        try database.offlineAccess { (db) throws(SQLiteError) -> [OfflineItemRecord] in
            try db.query(
                """
                SELECT asset_id, state, suspended_by_policy, base_url, customer, business_unit, session_token, selection,
                       estimated_bytes, entitlement, expiry_ms, completed_bytes, fraction, master_playlist, used_bytes
                FROM items ORDER BY rowid
                """
            ).compactMap(Self.record)
        }
    }

    /// Writes the item (insert or replace). When it differs from `previous` (what is stored) only
    /// in its progress, just the progress columns are written: that is every completed file of a
    /// download, thousands per title, and the whole row would encode its request and entitlement again.
    package func save(_ record: OfflineItemRecord, replacing previous: OfflineItemRecord? = nil) throws(OfflineManagerError) {
        if let previous, Self.differsInProgressOnly(record, from: previous) {
            return try database.offlineAccess { (db) throws(SQLiteError) in
                _ = try db.update(
                    "UPDATE items SET completed_bytes = ?, fraction = ?, used_bytes = ? WHERE asset_id = ?",
                    .integer(record.completedBytes), .real(record.fraction), .integer(record.usedBytes),
                    .text(record.item.assetId))
            }
        }
        let request = Self.json(record.request) ?? "{}"
        let entitlement = record.entitlement.flatMap(Self.json)
        try database.offlineAccess { (db) throws(SQLiteError) in
            _ = try db.update(
                """
                INSERT OR REPLACE INTO items (asset_id, state, suspended_by_policy, base_url, customer, business_unit, session_token,
                    selection, estimated_bytes, entitlement, expiry_ms, completed_bytes, fraction, master_playlist, used_bytes)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, .text(record.item.assetId), .text(record.state.rawValue), .integer(record.suspendedByPolicy ? 1 : 0),
                .text(record.item.environment.baseUrl), .text(record.item.environment.customer),
                .text(record.item.environment.businessUnit), .text(record.item.sessionToken.value), .text(request),
                record.estimatedBytes.map { .integer($0) } ?? .null, entitlement.map { .text($0) } ?? .null,
                record.license.map { .integer($0.expiry.millisecondsSince1970) } ?? .null, .integer(record.completedBytes),
                .real(record.fraction),
                record.masterPlaylist.map { .text($0.absoluteString) } ?? .null, .integer(record.usedBytes))
        }
    }

    /// Forgets the item (it is NotDownloaded again) and its keys.
    package func remove(assetId: String) throws(OfflineManagerError) {
        try database.offlineAccess(inTransaction: true) { (db) throws(SQLiteError) in
            try db.update("DELETE FROM keys WHERE asset_id = ?", .text(assetId))
            try db.update("DELETE FROM items WHERE asset_id = ?", .text(assetId))
        }
    }

    /// The keys of the item's download, by number; none for a clear download.
    package func keys(assetId: String) async throws(OfflineManagerError) -> [MediaKey] {
        try await database.offlineAwait(inTransaction: false) { (db) throws(SQLiteError) -> [MediaKey] in
            try db.query("SELECT number, url, key_base64 FROM keys WHERE asset_id = ? ORDER BY number", .text(assetId)).compactMap { row in
                guard let number = row.int(0), let url = row.text(1).flatMap(URL.init(string:)),
                    let bytes = row.text(2).flatMap({ Data(base64Encoded: $0) })
                else { return nil }
                return MediaKey(number: Int(number), url: url, bytes: [UInt8](bytes))
            }
        }
    }

    /// Makes `keys` the item's keys, in one transaction.
    package func replaceKeys(_ keys: [MediaKey], assetId: String) async throws(OfflineManagerError) {
        try await database.offlineAwait(inTransaction: true) { (db) throws(SQLiteError) in
            try db.update("DELETE FROM keys WHERE asset_id = ?", .text(assetId))
            for key in keys {
                try db.update(
                    "INSERT INTO keys (asset_id, number, url, key_base64) VALUES (?, ?, ?, ?)", .text(assetId), .integer(Int64(key.number)),
                    .text(key.url.absoluteString), .text(Data(key.bytes).base64EncodedString()))
            }
        }
    }

    private static func differsInProgressOnly(_ record: OfflineItemRecord, from previous: OfflineItemRecord) -> Bool {
        var progressed = previous
        progressed.completedBytes = record.completedBytes
        progressed.fraction = record.fraction
        progressed.usedBytes = record.usedBytes
        return progressed == record
    }

    private static func record(_ row: SQLiteRow) -> OfflineItemRecord? {
        guard let assetId = row.text(0), let state = row.text(1).flatMap(OfflineState.init(rawValue:)),
            let request = row.text(7).flatMap({ decode(DownloadRequest.self, $0) })
        else { return nil }
        let item = SourceItem(
            assetId: assetId,
            environment: Environment(baseUrl: row.text(3) ?? "", customer: row.text(4) ?? "", businessUnit: row.text(5) ?? ""),
            sessionToken: SessionToken(value: row.text(6) ?? ""))
        var record = OfflineItemRecord(item: item, state: state, request: request)
        record.suspendedByPolicy = row.int(2) == 1
        record.estimatedBytes = row.int(8)
        record.entitlement = row.text(9).flatMap { decode(PlaybackEntitlement.self, $0) }
        record.license = row.int(10).map { DownloadLicense(expiry: WallTime(millisecondsSince1970: $0)) }
        record.completedBytes = row.int(11) ?? 0
        if case .real(let fraction) = row.values[12] { record.fraction = fraction }
        record.masterPlaylist = row.text(13).flatMap(URL.init(string:))
        record.usedBytes = row.int(14) ?? 0
        return record
    }

    private static func json(_ value: some Encodable) -> String? {
        (try? ExposureJSON.encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) -> Value? {
        try? ExposureJSON.decode(type, from: Data(text.utf8))
    }
}
