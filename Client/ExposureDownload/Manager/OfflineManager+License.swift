import Exposure
import Foundation
import Synchronization

/// Offline licenses: expiry = min(publicationEnd, playTokenExpiration) of the download
/// entitlement (an encrypted download's keys expire with it), an expiry event on the manager's
/// clock, renewal and sync with the backend.
extension OfflineManager {
    func beginRenewal(_ assetId: String) throws(OfflineManagerError) -> WorkTask? {
        try transition(assetId, .renewOfflineLicense, followUp: { () throws(OfflineManagerError) in try await self.renew(assetId) })
    }

    /// The validate call (the download path without a query), an encrypted download's keys
    /// fetched again with the new play token, then `downloadrenewed` into the outbox.
    func renew(_ assetId: String) async throws(OfflineManagerError) {
        guard let record = record(assetId), record.state == .downloaded else { return }
        let backend = DownloadBackend(
            environment: record.item.environment, sessionToken: record.item.sessionToken,
            transport: dependencies.transport)
        let entitlement = try await Self.send(backend.validate(assetId: assetId))
        try await reauthorizeKeys(assetId, with: entitlement)
        try await reporter.add(DownloadReport(kind: .renewed, item: record.item))
        try update(assetId) { record in
            guard var renewed = record, renewed.state == .downloaded else { return [] }
            renewed.entitlement = entitlement
            renewed.license = DownloadLicense(entitlement: entitlement)
            record = renewed
            return [.renewedLicense(assetId: assetId)]
        }
        scheduleExpiry(assetId)
    }

    /// `downloadverified`: the publication's end may have moved; 403 `LICENSE_EXPIRED` ends the license now.
    func refreshLicense(_ assetId: String) async throws(OfflineManagerError) {
        guard let record = record(assetId), record.state == .downloaded, var entitlement = record.entitlement else {
            throw .notDownloaded(assetId)
        }
        let backend = DownloadBackend(
            environment: record.item.environment, sessionToken: record.item.sessionToken,
            transport: dependencies.transport)
        let license: DownloadLicense
        do {
            entitlement.publicationEnd = try await Self.send(backend.verified(assetId: assetId)).publicationEnd
            license = DownloadLicense(entitlement: entitlement)
        } catch .licenseExpired {
            license = DownloadLicense(expiry: min(record.license?.expiry ?? WallTime(millisecondsSince1970: .max), dependencies.clock.now))
            // The entitlement says so too: the Player refuses an offline playback by it.
            entitlement.playTokenExpiration = min(entitlement.playTokenExpiration, license.expiry.secondsSince1970)
        }
        try amend(assetId) {
            $0.entitlement = entitlement
            $0.license = license
        }
        scheduleExpiry(assetId)
    }

    /// Arms (or re-arms) the item's expiry timer: at expiry on the clock, `licenseExpired` and
    /// `didFailWithError(.licenseExpired)` are announced.
    func scheduleExpiry(_ assetId: String) {
        guard let expiry = record(assetId)?.license?.expiry else { return }
        let clock = dependencies.clock
        let timer = Task { [weak self] in
            do { try await clock.sleep(until: expiry, tolerance: nil) } catch { return }
            guard let self, self.record(assetId)?.license?.expiry == expiry else { return }
            self.announcements.yield(.licenseExpired(assetId: assetId))
            self.announcements.yield(.failed(assetId: assetId, .licenseExpired))
        }
        registry.withLock { registry in
            registry.expiryTimers[assetId]?.cancel()
            registry.expiryTimers[assetId] = timer
        }
    }

    func cancelExpiry(_ assetId: String) {
        registry.withLock { $0.expiryTimers.removeValue(forKey: assetId)?.cancel() }
    }

    /// What is left of the item's license, on the manager's clock; no network needed.
    public func offlineDrmLicenseInformation(for sourceItem: SourceItem) -> DrmLicenseInformation {
        guard let license = record(sourceItem.assetId)?.license else {
            return DrmLicenseInformation(licenseDuration: 0, playbackDuration: 0, expiry: nil)
        }
        let remaining = Int(clamping: license.remaining(at: dependencies.clock.now).components.seconds)
        return DrmLicenseInformation(licenseDuration: remaining, playbackDuration: remaining, expiry: license.expiry)
    }

    /// What the player needs for the downloaded item; nil unless it is Downloaded with a package on disk.
    public func createOfflineSourceItem(for sourceItem: SourceItem, restrictedToAssetCache: Bool) -> OfflineSourceItem? {
        guard let record = record(sourceItem.assetId), record.state == .downloaded,
            let url = record.masterPlaylist, let entitlement = record.entitlement
        else { return nil }
        return OfflineSourceItem(
            sourceItem: record.item, url: url, entitlement: entitlement, restrictedToAssetCache: restrictedToAssetCache)
    }

    /// Whether the item plays without network: Downloaded and its license not expired on the clock.
    public func isPlayableOffline(sourceItem: SourceItem) -> Bool {
        (try? checkPlayableOffline(sourceItem.assetId)) != nil
    }

    /// Throws why the item cannot be played offline: `notDownloaded` or `licenseExpired`.
    public func checkPlayableOffline(_ assetId: String) throws(OfflineManagerError) {
        guard let record = record(assetId) else { throw .notDownloaded(assetId) }
        _ = try OfflineMediaAsset(record).playback(at: dependencies.clock.now)
    }

    /// Bytes the item's files occupy on disk.
    public func usedStorage(for sourceItem: SourceItem) -> Int {
        Int(record(sourceItem.assetId)?.usedBytes ?? 0)
    }

    /// Bytes every item's files occupy on disk.
    public func usedStorage() -> Int {
        Int(registry.withLock { $0.records.values.reduce(Int64(0)) { $0 + $1.usedBytes } })
    }
}
