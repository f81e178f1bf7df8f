import Exposure
import Foundation

/// Where a download is, in iOSClientExposureDownload's `DownloadState` names.
public enum DownloadState: String, Sendable, Hashable, Codable {
    /// The official SDK's state between the entitlement and the first bytes; the manager goes straight to ``downloading``.
    case started
    /// Media is being fetched.
    case downloading
    /// Fetching stopped.
    case suspend
    /// The partial data is being deleted.
    case cancel
    /// Every file is on disk.
    case completed
    /// Nothing is stored.
    case notDownloaded

    /// The official name of the manager's `state`.
    public init(_ state: OfflineState) {
        switch state {
        case .notDownloaded: self = .notDownloaded
        case .downloading: self = .downloading
        case .suspended: self = .suspend
        case .canceling: self = .cancel
        case .downloaded: self = .completed
        }
    }
}

extension OfflineMediaAsset {
    /// Whether the asset can be played from its files, as the official `OfflineMediaAsset.State` says it.
    public enum State: Sendable, Equatable {
        /// Complete: the entitlement and the package's local master playlist.
        case completed(entitlement: PlaybackEntitlement, url: URL)
        /// Not (yet) playable: what there is of the entitlement and the package.
        case notPlayable(entitlement: PlaybackEntitlement?, url: URL?)
    }

    /// The download's state, in the official names (this asset's, as it was read).
    public func getDownloadState() -> DownloadState? {
        DownloadState(downloadState)
    }

    /// Hands `callback` whether the asset is playable: complete with an entitlement and a package on disk.
    public func state(callback: (State) -> Void) {
        guard downloadState == .downloaded, let entitlement, let url = urlAsset?.url, FileManager.default.fileExists(atPath: url.path)
        else { return callback(.notPlayable(entitlement: entitlement, url: urlAsset?.url)) }
        callback(.completed(entitlement: entitlement, url: url))
    }
}
