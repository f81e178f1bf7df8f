/// One listener callback as a value, for ``OfflineManager/events``.
public enum OfflineManagerEvent: Sendable, Equatable {
    /// `didProgressTo`, percent.
    case progressed(assetId: String, percent: Double)
    /// `offlineManagerDidSuspendDownload`.
    case suspended(assetId: String)
    /// `didResumeDownloadWithProgress`, percent.
    case resumed(assetId: String, percent: Double)
    /// `offlineManagerDidFinishDownload`.
    case finished(assetId: String)
    /// `offlineManagerDidCancelDownload`.
    case canceled(assetId: String)
    /// `offlineManagerDidRenewOfflineLicense`.
    case renewedLicense(assetId: String)
    /// `didFetchAvailableTracks`.
    case fetchedAvailableTracks(assetId: String, OfflineTrackSelection)
    /// `didFailWithError`.
    case failed(assetId: String, OfflineManagerError)
    /// `offlineManagerDidExpireOfflineLicense`.
    case licenseExpired(assetId: String)

    /// The item it is about.
    public var assetId: String {
        switch self {
        case .progressed(let id, _), .suspended(let id), .resumed(let id, _), .finished(let id), .canceled(let id),
            .renewedLicense(let id), .fetchedAvailableTracks(let id, _), .failed(let id, _), .licenseExpired(let id):
            return id
        }
    }

    /// Calls the listener's callback for this event.
    func deliver(to listener: any OfflineManagerListener, from manager: OfflineManager) {
        switch self {
        case .progressed(_, let percent): listener.offlineManager(manager, didProgressTo: percent)
        case .suspended: listener.offlineManagerDidSuspendDownload(manager)
        case .resumed(_, let percent): listener.offlineManager(manager, didResumeDownloadWithProgress: percent)
        case .finished: listener.offlineManagerDidFinishDownload(manager)
        case .canceled: listener.offlineManagerDidCancelDownload(manager)
        case .renewedLicense: listener.offlineManagerDidRenewOfflineLicense(manager)
        case .fetchedAvailableTracks(_, let tracks): listener.offlineManager(manager, didFetchAvailableTracks: tracks)
        case .failed(_, let error): listener.offlineManager(manager, didFailWithError: error)
        case .licenseExpired: listener.offlineManagerDidExpireOfflineLicense(manager)
        }
    }
}
