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

    /// Settles the video rendition in the master playlist's terms and sums the selected tracks'
    /// sizes from `downloadinfo`.
    ///
    /// `downloadinfo` gives a rendition's video bitrate while the master playlist's `BANDWIDTH`
    /// (what the downloader selects by) adds the audio's; both list the renditions lowest first,
    /// so a rendition is the same position in each. The seed's rule applies to the master's bitrates.
    mutating func settle(with info: DownloadInfo, masterBitrates: [Int]) -> Int64 {
        let infoVideos = info.videos.sorted { ($0.bitrate ?? 0) < ($1.bitrate ?? 0) }
        let master = masterBitrates.sorted()
        var position: Int?
        if let asked = selection.videoBitrate {
            position = master.firstIndex(of: asked) ?? infoVideos.firstIndex { $0.bitrate == asked }
        } else if let chosen = configuration.videoBitrate(among: master) {
            position = master.firstIndex(of: chosen)
        }
        position = position ?? (master.isEmpty ? infoVideos.indices.last : master.indices.last)
        if let position, master.indices.contains(position) { selection.videoBitrate = master[position] }
        func chosen(_ tracks: [DownloadInfo.Track], _ languages: [String]?) -> [DownloadInfo.Track] {
            guard let languages else { return tracks }
            return tracks.filter { $0.language.map(languages.contains) ?? false }
        }
        let video = position.flatMap { infoVideos.indices.contains($0) ? [infoVideos[$0]] : nil } ?? []
        return (video + chosen(info.audios, selection.audioLanguages) + chosen(info.subtitles, selection.subtitleLanguages))
            .reduce(0) { $0 + ($1.fileSize ?? 0) }
    }
}
