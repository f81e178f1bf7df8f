/// Where the offline copy of a ``SourceItem`` is, as the seed's `BMPOfflineState` names it.
public enum OfflineState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Nothing is stored for the item.
    case notDownloaded
    /// Media is being fetched.
    case downloading
    /// Fetching stopped (by the app, the Wi-Fi rule, low space or an error); complete files are kept.
    case suspended
    /// Partial data is being deleted; ``notDownloaded`` follows.
    case canceling
    /// Every file is on disk; the item plays offline while its license lasts.
    case downloaded
}

/// The ``OfflineManager`` methods that change an item's state, named as the seed names them.
public enum OfflineCall: String, Sendable, Hashable, Codable, CaseIterable {
    /// `download(sourceItem:…)`.
    case download
    /// `suspendDownload(for:)`.
    case suspendDownload
    /// `resumeDownload(for:)`.
    case resumeDownload
    /// `cancelDownload(for:)`.
    case cancelDownload
    /// `deleteOfflineData(for:)`.
    case deleteOfflineData
    /// `renewOfflineLicense(for:)`.
    case renewOfflineLicense
}

/// What the work behind a download reports, for the transitions no method call triggers.
package enum OfflineStateEvent: String, Sendable, Hashable, CaseIterable {
    /// `offlineManager(_:didProgressTo:)`.
    case progressed
    /// `offlineManagerDidFinishDownload(_:)`.
    case finished
    /// `offlineManagerDidCancelDownload(_:)`: the partial data is gone.
    case canceled
}
