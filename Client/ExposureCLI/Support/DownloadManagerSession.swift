import ExposureDownload
import Foundation

/// Runs `body` with the offline manager of the download folder `folder`, restored, while this
/// process holds the folder's lock (`task` says what it does there, for another `exposure` to
/// read); the manager is shut down however `body` ends.
func withDownloadManager<Value>(in folder: URL, for task: String, _ body: (OfflineManager) async throws -> Value) async throws -> Value {
    let lock = try DownloadFolderLock(folder: folder, assetId: task)
    defer { withExtendedLifetime(lock) {} }
    let manager = OfflineManager(dependencies: .standard(dataFolder: folder))
    await manager.waitForRestoredDownloads()
    do {
        let value = try await body(manager)
        await manager.shutdown()
        return value
    } catch {
        await manager.shutdown()
        throw error
    }
}
