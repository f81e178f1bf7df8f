import Exposure
import Foundation

/// Everything the manager keeps about one item, one row of `offline.sqlite`.
struct OfflineItemRecord: Sendable, Equatable {
    var item: SourceItem
    var state: OfflineState
    /// Suspended by the Wi-Fi rule or low space rather than by the app: resumed when the condition clears.
    var suspendedByPolicy = false
    /// What the app asked for; the video bitrate is settled once `downloadinfo` is known.
    var request: DownloadRequest
    /// The sum of the selected tracks' `fileSize` from `downloadinfo`.
    var estimatedBytes: Int64?
    /// The download entitlement, once fetched.
    var entitlement: PlaybackEntitlement?
    var license: DownloadLicense?
    /// Bytes so far; never decreases while the item lives.
    var completedBytes: Int64 = 0
    /// 0 … 1.
    var fraction: Double = 0
    var masterPlaylist: URL?
    var usedBytes: Int64 = 0

    init(item: SourceItem, state: OfflineState, request: DownloadRequest) {
        self.item = item
        self.state = state
        self.request = request
    }

    /// The seed reports progress in percent.
    var percent: Double { fraction * 100 }

    /// Takes a downloader progress value without letting bytes or the fraction go backwards.
    mutating func absorb(_ progress: MediaDownloadProgress) {
        completedBytes = max(completedBytes, progress.completedBytes)
        fraction = max(fraction, progress.fraction)
    }
}

/// The tracks and configuration a download was asked for.
struct DownloadRequest: Sendable, Equatable, Codable {
    var selection: MediaTrackSelection
    var configuration: DownloadConfiguration

    /// Settles the video bitrate with the seed's rule and sums the selected tracks' sizes.
    mutating func settle(with info: DownloadInfo) -> Int64 {
        if selection.videoBitrate == nil {
            selection.videoBitrate = configuration.videoBitrate(among: info.videos.compactMap(\.bitrate))
        }
        func chosen(_ tracks: [DownloadInfo.Track], _ languages: [String]?) -> [DownloadInfo.Track] {
            guard let languages else { return tracks }
            return tracks.filter { $0.language.map(languages.contains) ?? false }
        }
        let video = info.videos.filter { $0.bitrate == selection.videoBitrate }
        return (video + chosen(info.audios, selection.audioLanguages) + chosen(info.subtitles, selection.subtitleLanguages))
            .reduce(0) { $0 + ($1.fileSize ?? 0) }
    }
}
