import Foundation

/// Which tracks to download, and (from ``OfflineManager/fetchAvailableTracks(for:)``) which exist.
///
/// `didFetchAvailableTracks` delivers one that selects everything at the highest bitrate; change
/// it and pass it to ``OfflineManager/download(sourceItem:tracks:downloadConfiguration:)``.
public struct OfflineTrackSelection: Sendable, Hashable, Codable {
    /// What the stream offers (from `downloadinfo`); informative, not sent anywhere.
    public var available: MediaTracks
    /// The exact bitrate of the video rendition to download; nil lets the configuration choose.
    public var videoBitrate: Int?
    /// Audio languages to download; nil downloads every one.
    public var audioLanguages: [String]?
    /// Subtitle languages to download; nil downloads every one.
    public var subtitleLanguages: [String]?

    /// A selection among `available`.
    public init(available: MediaTracks, videoBitrate: Int? = nil, audioLanguages: [String]? = nil, subtitleLanguages: [String]? = nil) {
        self.available = available
        self.videoBitrate = videoBitrate
        self.audioLanguages = audioLanguages
        self.subtitleLanguages = subtitleLanguages
    }

    /// The downloader's selection, the video bitrate chosen by `configuration` unless set here.
    func mediaSelection(configuration: DownloadConfiguration) -> MediaTrackSelection {
        MediaTrackSelection(
            videoBitrate: videoBitrate ?? configuration.videoBitrate(among: available.videos.map(\.bitrate)),
            audioLanguages: audioLanguages, subtitleLanguages: subtitleLanguages)
    }
}

/// How to download, as the seed's `DownloadConfiguration`.
public struct DownloadConfiguration: Sendable, Hashable, Codable {
    /// The lowest video bitrate (bits per second) at or above this is downloaded; when none is,
    /// the highest. Nil downloads the highest.
    public var minimumBitrate: Int?

    /// A configuration.
    public init(minimumBitrate: Int? = nil) { self.minimumBitrate = minimumBitrate }

    /// The seed's rule: the lowest bitrate ≥ ``minimumBitrate``, else the highest; nil when there are none.
    public func videoBitrate(among bitrates: [Int]) -> Int? {
        guard let minimumBitrate else { return bitrates.max() }
        return bitrates.filter { $0 >= minimumBitrate }.min() ?? bitrates.max()
    }
}

/// How the shared manager is set up (``OfflineManager/initializeOfflineManager(offlineConfiguration:)``).
public struct OfflineConfiguration: Sendable, Hashable {
    /// Where downloads and the manager's database live; the user's data folder when nil.
    public var dataFolder: URL?
    /// The initial value of ``OfflineManager/restrictMediaDownloadsToWiFi``.
    public var restrictMediaDownloadsToWiFi: Bool

    /// A configuration.
    public init(dataFolder: URL? = nil, restrictMediaDownloadsToWiFi: Bool = false) {
        self.dataFolder = dataFolder
        self.restrictMediaDownloadsToWiFi = restrictMediaDownloadsToWiFi
    }
}
