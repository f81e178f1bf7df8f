/// Hears what happens to one ``SourceItem`` (``OfflineManager/add(listener:for:)``), with the
/// seed's `BMPOfflineManagerListener` callbacks. Every callback has an empty default.
///
/// Callbacks come in order, one at a time, from the manager's delivery task (never from inside
/// a manager call). The manager holds listeners weakly: keep a reference for as long as you listen.
public protocol OfflineManagerListener: AnyObject, Sendable {
    /// Bytes moved; `progress` is percent, 0 … 100, and never goes backwards.
    func offlineManager(_ offlineManager: OfflineManager, didProgressTo progress: Double)
    /// The download was suspended (by the app, the Wi-Fi rule, low space or an error).
    func offlineManagerDidSuspendDownload(_ offlineManager: OfflineManager)
    /// The download resumed at `progress` percent.
    func offlineManager(_ offlineManager: OfflineManager, didResumeDownloadWithProgress progress: Double)
    /// Every file is on disk; the item is Downloaded.
    func offlineManagerDidFinishDownload(_ offlineManager: OfflineManager)
    /// The partial data is gone; the item is NotDownloaded.
    func offlineManagerDidCancelDownload(_ offlineManager: OfflineManager)
    /// The offline license was renewed.
    func offlineManagerDidRenewOfflineLicense(_ offlineManager: OfflineManager)
    /// The tracks ``OfflineManager/fetchAvailableTracks(for:)`` found, all selected.
    func offlineManager(_ offlineManager: OfflineManager, didFetchAvailableTracks tracks: OfflineTrackSelection)
    /// Something failed, including a call not allowed in the item's state.
    func offlineManager(_ offlineManager: OfflineManager, didFailWithError error: OfflineManagerError)
    /// The offline license ran out (ours; `didFailWithError(.licenseExpired)` follows).
    func offlineManagerDidExpireOfflineLicense(_ offlineManager: OfflineManager)
}

extension OfflineManagerListener {
    public func offlineManager(_ offlineManager: OfflineManager, didProgressTo progress: Double) {}
    public func offlineManagerDidSuspendDownload(_ offlineManager: OfflineManager) {}
    public func offlineManager(_ offlineManager: OfflineManager, didResumeDownloadWithProgress progress: Double) {}
    public func offlineManagerDidFinishDownload(_ offlineManager: OfflineManager) {}
    public func offlineManagerDidCancelDownload(_ offlineManager: OfflineManager) {}
    public func offlineManagerDidRenewOfflineLicense(_ offlineManager: OfflineManager) {}
    public func offlineManager(_ offlineManager: OfflineManager, didFetchAvailableTracks tracks: OfflineTrackSelection) {}
    public func offlineManager(_ offlineManager: OfflineManager, didFailWithError error: OfflineManagerError) {}
    public func offlineManagerDidExpireOfflineLicense(_ offlineManager: OfflineManager) {}
}
