import Exposure
import Foundation
import Synchronization

/// Conform any type to get ``enigmaDownloadManager``, as in the Red Bee player SDK's offline
/// playback guide.
///
///     final class Downloads: EnigmaDownloadManager {
///         func play(_ assetId: String) throws {
///             let asset = enigmaDownloadManager.getDownloadedAsset(assetId: assetId)
///             …
///         }
///     }
public protocol EnigmaDownloadManager {}

extension EnigmaDownloadManager {
    /// The official-style download API over the shared ``OfflineManager``.
    public var enigmaDownloadManager: EnigmaDownloads { EnigmaDownloads(manager: .sharedInstance()) }
}

/// iOSClientExposureDownload's `SessionManager` calls, thin over an ``OfflineManager``.
public struct EnigmaDownloads: Sendable {
    /// The manager behind it.
    public let manager: OfflineManager

    /// The calls over `manager`.
    public init(manager: OfflineManager) { self.manager = manager }

    /// A task for downloading `assetId`; nothing happens until it is resumed (``ExposureDownloadTask/resume()``).
    public func download(assetId: String, sessionToken: SessionToken, environment: Environment) -> ExposureDownloadTask {
        ExposureDownloadTask(assetId: assetId, sessionToken: sessionToken, environment: environment, manager: manager)
    }

    /// ``download(assetId:sessionToken:environment:)`` with the official SDK's older labels.
    public func download(assetId: String, using sessionToken: SessionToken, in environment: Environment) -> ExposureDownloadTask {
        download(assetId: assetId, sessionToken: sessionToken, environment: environment)
    }

    /// The asset's offline copy, in whatever state, or nil.
    public func getDownloadedAsset(assetId: String) -> OfflineMediaAsset? {
        manager.record(assetId).map(OfflineMediaAsset.init)
    }

    /// Every asset with an offline copy, in whatever state.
    public func getDownloadedAssets() -> [OfflineMediaAsset] {
        manager.registry.withLock { Array($0.records.values) }
            .sorted { $0.item.assetId < $1.item.assetId }
            .map(OfflineMediaAsset.init)
    }

    /// The assets the account downloaded; none for nil.
    public func getDownloadedAssets(accountId: String?) -> [OfflineMediaAsset] {
        guard let accountId else { return [] }
        return getDownloadedAssets().filter { $0.accountId == accountId }
    }

    /// The assets the user downloaded; none for nil.
    public func getDownloadedAssets(userId: String?) -> [OfflineMediaAsset] {
        guard let userId else { return [] }
        return getDownloadedAssets().filter { $0.userId == userId }
    }

    /// The entitlement and local URL to play `assetId` offline, or why not (`notDownloaded`,
    /// `licenseExpired` on the manager's clock).
    public func offlinePlayback(assetId: String) throws(OfflineManagerError) -> (entitlement: PlaybackEntitlement, url: URL) {
        guard let asset = getDownloadedAsset(assetId: assetId) else { throw .notDownloaded(assetId) }
        return try asset.playback(at: manager.dependencies.clock.now)
    }

    /// Whether the asset's license has run out on the manager's clock.
    public func isExpired(assetId: String) -> Bool {
        getDownloadedAsset(assetId: assetId)?.isExpired(at: manager.dependencies.clock.now) ?? true
    }

    /// When the asset's stored license runs out, ms since 1970; nil when it has none. No network:
    /// ``getExpiryTime(assetId:environment:sessionToken:)`` asks `downloadverified` first.
    public func getExpiryTime(assetId: String) -> Int64? {
        licenseExpiry(assetId: assetId)?.millisecondsSince1970
    }

    /// When the asset's stored license runs out; nil when it has none. No network:
    /// ``licenseExpiry(assetId:environment:sessionToken:)`` asks `downloadverified` first.
    public func licenseExpiry(assetId: String) -> WallTime? {
        getDownloadedAsset(assetId: assetId)?.licenseExpiry
    }

    /// Renews the asset's license.
    public func renewLicense(assetId: String) async throws(OfflineManagerError) {
        guard let item = manager.record(assetId)?.item else { throw .notDownloaded(assetId) }
        try await manager.renewLicense(item)
    }

    /// Deletes the asset's offline copy and frees its download count on the backend.
    public func removeDownloadedAsset(assetId: String) async throws(OfflineManagerError) {
        guard let item = manager.record(assetId)?.item else { throw .notDownloaded(assetId) }
        try await manager.delete(item)
    }
}
