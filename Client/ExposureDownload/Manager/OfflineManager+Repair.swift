import Synchronization

/// Checking a finished download's bytes and mending what broke, without leaving Downloaded:
/// the downloader refetches only the files whose SHA-256 no longer matches.
extension OfflineManager {
    /// Re-hashes every file of a Downloaded item; returns the package-relative paths whose bytes no longer match.
    ///
    /// - Throws: `notDownloaded` unless the item is Downloaded; `storage` when files cannot be read.
    public func verify(_ sourceItem: SourceItem) async throws(OfflineManagerError) -> [String] {
        guard offlineState(for: sourceItem) == .downloaded else { throw .notDownloaded(sourceItem.assetId) }
        let downloader = try self.downloader.get()
        do throws(MediaDownloadFailure) {
            return try await downloader.verify(sourceItem.downloadId)
        } catch {
            throw OfflineManagerError(error)
        }
    }

    /// Refetches the files ``verify(_:)`` finds broken and returns once every file matches again
    /// (at once when none is broken); the item stays Downloaded throughout.
    ///
    /// - Throws: `notDownloaded` unless Downloaded; `network`, `insufficientSpace`, … when the refetch fails.
    public func repair(_ sourceItem: SourceItem) async throws(OfflineManagerError) {
        guard try await !verify(sourceItem).isEmpty else { return }
        let downloader = try self.downloader.get()
        let assetId = sourceItem.assetId
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, OfflineManagerError>, Never>) in
            // Waiting before the downloader starts, so its finish cannot be missed.
            registry.withLock { $0.repairs[assetId, default: []].append(continuation) }
            Task {
                do throws(MediaDownloadFailure) {
                    try await downloader.repair(sourceItem.downloadId)
                } catch {
                    self.endRepairs(assetId, with: .failure(OfflineManagerError(error)))
                }
            }
        }
        try outcome.get()
    }

    /// Resumes whoever waits for the item's repair (the downloader finished or failed).
    func endRepairs(_ assetId: String, with outcome: Result<Void, OfflineManagerError>) {
        registry.withLock { $0.repairs.removeValue(forKey: assetId) ?? [] }.forEach { $0.resume(returning: outcome) }
    }
}
