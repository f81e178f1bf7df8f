import Foundation

/// The downloads another process is working on, read from its folder without a manager.
///
/// A manager restores what it finds when it starts (a Downloading item becomes Suspended), so
/// a second manager must never open a folder whose owner is still downloading. What the owner
/// last stored can still be read: it writes each item's state and progress to `offline.sqlite`
/// before announcing it, so this is the owner's view as of its latest update.
public enum StoredDownloads {
    /// Every stored asset in `dataFolder` (a manager's ``OfflineManagerDependencies/dataFolder``),
    /// by asset id; none when nothing was ever downloaded there.
    /// - Throws: ``OfflineManagerError/storage(_:)`` when the folder's database cannot be read.
    public static func assets(in dataFolder: URL) throws(OfflineManagerError) -> [OfflineMediaAsset] {
        guard FileManager.default.fileExists(atPath: dataFolder.appendingPathComponent(OfflineDatabase.fileName).path) else { return [] }
        let store = OfflineStore(
            database: OfflineDatabaseHandle { () throws(OfflineManagerError) in
                try OfflineDatabase.open(folder: dataFolder)
            })
        return try store.all().sorted { $0.item.assetId < $1.item.assetId }.map(OfflineMediaAsset.init)
    }
}
