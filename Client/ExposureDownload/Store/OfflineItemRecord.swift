import Exposure
import Foundation

/// Everything the manager keeps about one item, one row of `offline.sqlite`.
package struct OfflineItemRecord: Sendable, Equatable {
    package var item: SourceItem
    package var state: OfflineState
    /// Suspended by the Wi-Fi rule or low space rather than by the app: resumed when the condition clears.
    package var suspendedByPolicy = false
    /// What the app asked for; the video bitrate is settled once `downloadinfo` is known.
    package var request: DownloadRequest
    /// The sum of the selected tracks' `fileSize` from `downloadinfo`.
    package var estimatedBytes: Int64?
    /// The download entitlement, once fetched.
    package var entitlement: PlaybackEntitlement?
    package var license: DownloadLicense?
    /// Bytes so far; never decreases while the item lives.
    package var completedBytes: Int64 = 0
    /// 0 … 1.
    package var fraction: Double = 0
    package var masterPlaylist: URL?
    package var usedBytes: Int64 = 0

    package init(item: SourceItem, state: OfflineState, request: DownloadRequest) {
        self.item = item
        self.state = state
        self.request = request
    }

    /// The seed reports progress in percent.
    package var percent: Double { fraction * 100 }

    /// Takes a downloader progress value without letting bytes or the fraction go backwards.
    package mutating func absorb(_ progress: MediaDownloadProgress) {
        completedBytes = max(completedBytes, progress.completedBytes)
        fraction = max(fraction, progress.fraction)
    }
}

/// The tracks and configuration a download was asked for.
package struct DownloadRequest: Sendable, Equatable, Codable {
    package var selection: MediaTrackSelection
    package var configuration: DownloadConfiguration

    /// The tracks `selection` names, downloaded as `configuration` says.
    package init(selection: MediaTrackSelection, configuration: DownloadConfiguration) {
        self.selection = selection
        self.configuration = configuration
    }

    /// Settles the video rendition in the master playlist's terms and sums the selected tracks'
    /// sizes from `downloadinfo`.
    ///
    /// `downloadinfo` gives a rendition's video bitrate while the master playlist's `BANDWIDTH`
    /// (what the downloader selects by) adds the audio's; both list the renditions lowest first,
    /// so a rendition is the same position in each. The seed's rule applies to the master's bitrates.
    package mutating func settle(with info: DownloadInfo, masterBitrates: [Int]) -> Int64 {
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
