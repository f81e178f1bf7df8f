/// The async layer beside the seed's methods: the same moves, but each returns once its work is
/// done and throws the typed error. Listeners hear the failures of the work; a call refused
/// outright (`invalidTransition`) is only thrown, as the caller is there to read it.
extension OfflineManager {
    /// Starts a download and returns once it is fetching (downloadinfo, the download entitlement
    /// and the downloader's plan are done); its end is announced on ``events``.
    ///
    /// - Throws: `invalidTransition` unless NotDownloaded, `notEntitled`, `downloadLimitReached`,
    ///   `insufficientSpace`, `network`, … (the item is NotDownloaded again after those).
    public func startDownload(
        _ sourceItem: SourceItem, tracks: OfflineTrackSelection? = nil, configuration: DownloadConfiguration = DownloadConfiguration()
    ) async throws(OfflineManagerError) {
        let selection = tracks?.mediaSelection ?? MediaTrackSelection()
        try await finish(beginDownload(sourceItem, selection: selection, configuration: configuration))
    }

    /// Suspends a download; returns once the downloader stopped.
    public func suspend(_ sourceItem: SourceItem) async throws(OfflineManagerError) {
        adoptToken(of: sourceItem)
        try await finish(beginSuspend(sourceItem.assetId, byPolicy: false))
    }

    /// Resumes a suspended download; returns once it is fetching again.
    public func resume(_ sourceItem: SourceItem) async throws(OfflineManagerError) {
        adoptToken(of: sourceItem)
        try await finish(beginResume(sourceItem.assetId))
    }

    /// Cancels a download; returns once its partial data is gone (NotDownloaded).
    public func cancel(_ sourceItem: SourceItem) async throws(OfflineManagerError) {
        adoptToken(of: sourceItem)
        try await finish(beginCancel(sourceItem.assetId))
    }

    /// Deletes a download; returns once its files are gone and the release of its count is in the outbox.
    public func delete(_ sourceItem: SourceItem) async throws(OfflineManagerError) {
        adoptToken(of: sourceItem)
        try await finish(beginDelete(sourceItem.assetId))
    }

    /// Renews the offline license; returns once the new one is stored.
    public func renewLicense(_ sourceItem: SourceItem) async throws(OfflineManagerError) {
        adoptToken(of: sourceItem)
        try await finish(beginRenewal(sourceItem.assetId))
    }

    /// The tracks the item offers (from `downloadinfo`), all selected.
    public func availableTracks(for sourceItem: SourceItem) async throws(OfflineManagerError) -> OfflineTrackSelection {
        adoptToken(of: sourceItem)
        return try await enqueue(sourceItem.assetId, recovering: false) { () throws(OfflineManagerError) in
            try await self.fetchTracks(sourceItem)
        }.value.get()
    }

    /// Refreshes the stored license from the backend (`downloadverified`).
    public func syncLicense(_ sourceItem: SourceItem) async throws(OfflineManagerError) {
        adoptToken(of: sourceItem)
        try await enqueue(sourceItem.assetId, recovering: false) { () throws(OfflineManagerError) in
            try await self.refreshLicense(sourceItem.assetId)
        }.value.get()
    }

    private func finish(_ task: WorkTask?) async throws(OfflineManagerError) {
        try await task?.value.get()
    }
}
