import Exposure
import Foundation
import Synchronization

/// iOSClientExposureDownload's `SessionManager` calls that take a session: availability, download
/// info, license expiry and renewal, deletion. Each has the official labels and completion
/// (called once, from a task of its own) and an async form that throws the manager's typed error.
extension EnigmaDownloads {
    /// Whether the user may download the asset (`downloadinfo` answers for it).
    public func isAvailableToDownload(
        assetId: String, environment: Environment, sessionToken: SessionToken, _ completionHandler: @escaping @Sendable (Bool) -> Void
    ) {
        Task { completionHandler(await isAvailableToDownload(assetId: assetId, environment: environment, sessionToken: sessionToken)) }
    }

    /// Whether the user may download the asset (`downloadinfo` answers for it).
    public func isAvailableToDownload(assetId: String, environment: Environment, sessionToken: SessionToken) async -> Bool {
        (try? await getDownloadableInfo(assetId: assetId, environment: environment, sessionToken: sessionToken)) != nil
    }

    /// The asset's `downloadinfo` (video renditions, audio and subtitle tracks, sizes, counts); nil when refused.
    public func getDownloadableInfo(
        assetId: String, environment: Environment, sessionToken: SessionToken,
        _ completionHandler: @escaping @Sendable (DownloadInfo?) -> Void
    ) {
        Task { completionHandler(try? await getDownloadableInfo(assetId: assetId, environment: environment, sessionToken: sessionToken)) }
    }

    /// The asset's `downloadinfo`.
    /// - Throws: `notEntitled`, `network`, `server` as the backend answered.
    public func getDownloadableInfo(assetId: String, environment: Environment, sessionToken: SessionToken) async throws(OfflineManagerError)
        -> DownloadInfo
    {
        let backend = DownloadBackend(environment: environment, sessionToken: sessionToken, transport: manager.dependencies.transport)
        return try await OfflineManager.send(backend.info(assetId: assetId))
    }

    /// When the downloaded asset's license runs out, ms since 1970: as `downloadverified` has it
    /// when online (the stored license is updated), the stored one offline (then with a `network`
    /// error saying so, as the official SDK passes its no-connection error beside the value).
    public func getExpiryTime(
        assetId: String, environment: Environment, sessionToken: SessionToken,
        completionHandler: @escaping @Sendable (Int64?, OfflineManagerError?) -> Void
    ) {
        Task {
            let answer = await expiry(assetId: assetId, environment: environment, sessionToken: sessionToken)
            completionHandler(answer.expiry?.millisecondsSince1970, answer.error)
        }
    }

    /// When the downloaded asset's license runs out, ms since 1970 (`downloadverified` when online, the stored one offline).
    /// - Throws: `notDownloaded`, or why `downloadverified` failed.
    public func getExpiryTime(assetId: String, environment: Environment, sessionToken: SessionToken) async throws(OfflineManagerError)
        -> Int64?
    {
        try await licenseExpiry(assetId: assetId, environment: environment, sessionToken: sessionToken)?.millisecondsSince1970
    }

    /// When the downloaded asset's license runs out (`downloadverified` when online, the stored
    /// one offline): ``getExpiryTime(assetId:environment:sessionToken:)`` as a `WallTime`.
    /// - Throws: `notDownloaded`, or why `downloadverified` failed.
    public func licenseExpiry(assetId: String, environment: Environment, sessionToken: SessionToken) async throws(OfflineManagerError)
        -> WallTime?
    {
        let answer = await expiry(assetId: assetId, environment: environment, sessionToken: sessionToken)
        if let error = answer.error, !answer.known { throw error }
        return answer.expiry
    }

    /// Whether the downloaded asset's license has run out on the manager's clock, against the
    /// expiry ``getExpiryTime(assetId:environment:sessionToken:completionHandler:)`` finds; nil
    /// with the error when it could not be found. A download with no license is expired.
    public func isExpired(
        assetId: String, environment: Environment, sessionToken: SessionToken,
        completionHandler: @escaping @Sendable (Bool?, OfflineManagerError?) -> Void
    ) {
        Task {
            let answer = await expiry(assetId: assetId, environment: environment, sessionToken: sessionToken)
            completionHandler(answer.known ? isExpired(expiry: answer.expiry) : nil, answer.error)
        }
    }

    /// Whether the downloaded asset's license has run out (`downloadverified` when online, the stored expiry offline).
    /// - Throws: `notDownloaded`, or why `downloadverified` failed.
    public func isExpired(assetId: String, environment: Environment, sessionToken: SessionToken) async throws(OfflineManagerError) -> Bool {
        isExpired(expiry: try await licenseExpiry(assetId: assetId, environment: environment, sessionToken: sessionToken))
    }

    /// Renews the downloaded asset's license (the validate call, then `downloadrenewed`) and hands
    /// back the asset with its new entitlement, or the error.
    public func renewLicense(
        assetId: String, sessionToken: SessionToken, environment: Environment,
        completion: @escaping @Sendable (OfflineMediaAsset?, (any Error)?) -> Void
    ) {
        Task {
            do throws(OfflineManagerError) {
                completion(try await renewLicense(assetId: assetId, sessionToken: sessionToken, environment: environment), nil)
            } catch {
                completion(nil, error)
            }
        }
    }

    /// Renews the downloaded asset's license and returns the asset with its new entitlement.
    /// - Throws: `notDownloaded`, `invalidTransition` unless Downloaded, or why the backend refused.
    public func renewLicense(assetId: String, sessionToken: SessionToken, environment: Environment) async throws(OfflineManagerError)
        -> OfflineMediaAsset
    {
        guard manager.record(assetId) != nil else { throw .notDownloaded(assetId) }
        try await manager.renewLicense(SourceItem(assetId: assetId, environment: environment, sessionToken: sessionToken))
        guard let asset = getDownloadedAsset(assetId: assetId) else { throw .notDownloaded(assetId) }
        return asset
    }

    /// Deletes the asset's offline copy and frees its download count on the backend; failures
    /// (e.g. it is still downloading) go to the manager's listeners and ``OfflineManager/events``.
    public func delete(media: OfflineMediaAsset) {
        removeDownloadedAsset(assetId: media.assetId)
    }

    /// ``delete(media:)`` by asset id.
    public func removeDownloadedAsset(assetId: String) {
        guard let item = manager.record(assetId)?.item else {
            manager.announcements.yield(.failed(assetId: assetId, .notDownloaded(assetId)))
            return
        }
        manager.deleteOfflineData(for: item)
    }

    /// ``delete(media:)`` by asset id, its calls made with `sessionToken`.
    public func removeDownloadedAsset(assetId: String, sessionToken: SessionToken, environment: Environment) {
        manager.deleteOfflineData(for: SourceItem(assetId: assetId, environment: environment, sessionToken: sessionToken))
    }

    /// Whether an expiry (none: expired) has passed on the manager's clock.
    private func isExpired(expiry: WallTime?) -> Bool {
        expiry.map { manager.dependencies.clock.now >= $0 } ?? true
    }

    /// The expiry `downloadverified` gives when online, the stored one offline. `known` is false
    /// when there is none to go by (the error says why).
    private func expiry(assetId: String, environment: Environment, sessionToken: SessionToken) async -> (
        expiry: WallTime?, known: Bool, error: OfflineManagerError?
    ) {
        guard let stored = manager.record(assetId) else { return (nil, false, .notDownloaded(assetId)) }
        // The monitor's path now, not the manager's copy, which follows it on a task of its own.
        guard manager.dependencies.network.currentPath != .offline else {
            return (stored.license?.expiry, true, .network("no network: the stored license expiry is used"))
        }
        do throws(OfflineManagerError) {
            try await manager.syncLicense(SourceItem(assetId: assetId, environment: environment, sessionToken: sessionToken))
            return (manager.record(assetId)?.license?.expiry, true, nil)
        } catch {
            return (nil, false, error)
        }
    }
}
