import Foundation
import Synchronization

/// The seed's methods. Each moves the item's state before it returns (or reports
/// `invalidTransition` to the item's listeners) and queues the work behind it.
extension OfflineManager {
    /// The item's state.
    public func offlineState(for sourceItem: SourceItem) -> OfflineState {
        record(sourceItem.assetId)?.state ?? .notDownloaded
    }

    /// Whether downloads wait for Wi-Fi (they suspend on a cellular network and resume on Wi-Fi). False by default.
    public var restrictMediaDownloadsToWiFi: Bool {
        get { registry.withLock { $0.restrictToWiFi } }
        set {
            registry.withLock { $0.restrictToWiFi = newValue }
            applyPolicy()
        }
    }

    /// Whether the downloads an earlier run left have been restored (resume and cancel them only then).
    public var areSuspendedDownloadsRestored: Bool { registry.withLock { $0.restored } }

    /// Fetches the tracks the item offers; ``OfflineManagerListener/offlineManager(_:didFetchAvailableTracks:)`` follows.
    public func fetchAvailableTracks(for sourceItem: SourceItem) {
        adoptToken(of: sourceItem)
        enqueue(sourceItem.assetId, recovering: false) { () throws(OfflineManagerError) in _ = try await self.fetchTracks(sourceItem) }
    }

    /// Downloads the highest video bitrate with every audio and subtitle track.
    public func download(sourceItem: SourceItem) {
        download(sourceItem: sourceItem, downloadConfiguration: DownloadConfiguration())
    }

    /// Downloads the lowest video bitrate at or above `minimumBitrate` (bits per second), else the highest.
    public func download(sourceItem: SourceItem, minimumBitrate: NSNumber?) {
        download(sourceItem: sourceItem, downloadConfiguration: DownloadConfiguration(minimumBitrate: minimumBitrate?.intValue))
    }

    /// Downloads with `downloadConfiguration`, every audio and subtitle track.
    public func download(sourceItem: SourceItem, downloadConfiguration: DownloadConfiguration) {
        reportFailure(of: sourceItem) { () throws(OfflineManagerError) in
            try beginDownload(sourceItem, selection: MediaTrackSelection(), configuration: downloadConfiguration)
        }
    }

    /// Downloads the tracks `tracks` selects, with `downloadConfiguration`.
    public func download(sourceItem: SourceItem, tracks: OfflineTrackSelection, downloadConfiguration: DownloadConfiguration) {
        reportFailure(of: sourceItem) { () throws(OfflineManagerError) in
            try beginDownload(
                sourceItem, selection: tracks.mediaSelection,
                configuration: downloadConfiguration)
        }
    }

    /// Suspends a download, keeping what it fetched.
    public func suspendDownload(for sourceItem: SourceItem) {
        adoptToken(of: sourceItem)
        reportFailure(of: sourceItem) { () throws(OfflineManagerError) in try beginSuspend(sourceItem.assetId, byPolicy: false) }
    }

    /// Resumes a suspended download.
    public func resumeDownload(for sourceItem: SourceItem) {
        adoptToken(of: sourceItem)
        reportFailure(of: sourceItem) { () throws(OfflineManagerError) in try beginResume(sourceItem.assetId) }
    }

    /// Cancels a download and deletes its partial data.
    public func cancelDownload(for sourceItem: SourceItem) {
        adoptToken(of: sourceItem)
        reportFailure(of: sourceItem) { () throws(OfflineManagerError) in try beginCancel(sourceItem.assetId) }
    }

    /// Deletes a downloaded item's files and frees its download count on the backend.
    public func deleteOfflineData(for sourceItem: SourceItem) {
        adoptToken(of: sourceItem)
        reportFailure(of: sourceItem) { () throws(OfflineManagerError) in try beginDelete(sourceItem.assetId) }
    }

    /// Renews the offline license (Exposure's validate call, then `downloadrenewed`).
    public func renewOfflineLicense(for sourceItem: SourceItem) {
        adoptToken(of: sourceItem)
        reportFailure(of: sourceItem) { () throws(OfflineManagerError) in try beginRenewal(sourceItem.assetId) }
    }

    /// Refreshes the stored license from the backend (`downloadverified`); needs the network.
    public func syncOfflineDrmLicenseInformation(for sourceItem: SourceItem) {
        adoptToken(of: sourceItem)
        enqueue(sourceItem.assetId, recovering: false) { () throws(OfflineManagerError) in try await self.refreshLicense(sourceItem.assetId)
        }
    }

    /// Adds a listener for the item's events; any number per item, held weakly.
    public func add(listener: any OfflineManagerListener, for sourceItem: SourceItem) {
        registry.withLock { $0.listeners[sourceItem.assetId, default: []].append(WeakListener(listener: listener)) }
    }

    /// Removes a listener added with ``add(listener:for:)``.
    public func remove(listener: any OfflineManagerListener, for sourceItem: SourceItem) {
        registry.withLock { registry in
            registry.listeners[sourceItem.assetId]?.removeAll { $0.listener == nil || $0.listener === listener }
        }
    }

    private func reportFailure(of sourceItem: SourceItem, _ begin: () throws(OfflineManagerError) -> WorkTask?) {
        do {
            _ = try begin()
        } catch {
            announcements.yield(.failed(assetId: sourceItem.assetId, error))
        }
    }
}
