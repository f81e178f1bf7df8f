import Foundation

/// Which tracks to download, and (from ``OfflineManager/fetchAvailableTracks(for:)``) which exist.
///
/// `didFetchAvailableTracks` delivers one that selects everything at the highest bitrate; change
/// it and pass it to ``OfflineManager/download(sourceItem:tracks:downloadConfiguration:)``.
public struct OfflineTrackSelection: Sendable, Hashable, Codable {
    /// What the stream offers (from `downloadinfo`); informative, not sent anywhere.
    public var available: MediaTracks
    /// The video rendition to download: one of ``available``'s bitrates (downloadinfo's, mapped to
    /// the master playlist's rendition at the same position) or a master `BANDWIDTH`; nil lets
    /// the configuration choose.
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

    /// The downloader's selection; a video bitrate left nil is settled against the master playlist.
    var mediaSelection: MediaTrackSelection {
        MediaTrackSelection(videoBitrate: videoBitrate, audioLanguages: audioLanguages, subtitleLanguages: subtitleLanguages)
    }
}

/// How to download, as the seed's `DownloadConfiguration`.
public struct DownloadConfiguration: Sendable, Hashable, Codable {
    /// The lowest video bitrate (the master playlist's `BANDWIDTH`, bits per second) at or above
    /// this is downloaded; when none is, the highest. Nil downloads the highest.
    public var minimumBitrate: Int?
    /// Whether content protected with clear keys may be downloaded: AES-128 encrypted HLS whose
    /// keys a key server hands to the holder of a play token. True (the default): its keys are
    /// fetched with the download's play token and kept in the manager's database, never in the
    /// package folder. False: such a stream fails with
    /// ``OfflineManagerError/clearKeyContentNotSupported`` before any key is fetched or anything
    /// is written. Clear streams download either way.
    public var supportClearKeyContent: Bool

    /// A configuration.
    public init(minimumBitrate: Int? = nil, supportClearKeyContent: Bool = true) {
        self.minimumBitrate = minimumBitrate
        self.supportClearKeyContent = supportClearKeyContent
    }

    private enum CodingKeys: String, CodingKey {
        case minimumBitrate, supportClearKeyContent
    }

    /// Reads a stored configuration; one stored before ``supportClearKeyContent`` existed supports clear-key content.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        minimumBitrate = try container.decodeIfPresent(Int.self, forKey: .minimumBitrate)
        supportClearKeyContent = try container.decodeIfPresent(Bool.self, forKey: .supportClearKeyContent) ?? true
    }

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
