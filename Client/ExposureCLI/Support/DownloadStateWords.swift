import ExposureDownload

/// A download's state as the user reads it in a refusal, with what to do instead.
enum DownloadStateWords {
    /// Why an action on the download of `assetId` cannot be done while it is `state`.
    static func refusal(assetId: String, state: OfflineState) -> String {
        switch state {
        case .notDownloaded: "\(assetId) is not downloaded; `exposure downloads` lists the downloads on this machine"
        case .downloading: "\(assetId) is still downloading; `exposure download suspend \(assetId)` stops it"
        case .suspended:
            "the download of \(assetId) is suspended, not finished; `exposure download \(assetId)` resumes it, "
                + "`exposure download cancel \(assetId)` deletes it"
        case .canceling: "the download of \(assetId) is being canceled"
        case .downloaded: "\(assetId) is downloaded (finished); `exposure download delete \(assetId)` deletes it"
        }
    }
}
