// swift-format-ignore-file
// (the seed's samples stay as the seed writes them)
import ExposureDownload
import ExposurePlayback

/// The seed's "Offline Playback" samples. The seed's `MyTestViewController: UIViewController,
/// EnigmaDownloadManager` is the app's screen, which `SampleApp` stands in for, so the app conforms
/// (UIKit's `UIViewController` goes) and the samples run inside its functions as written.
extension SampleApp: EnigmaDownloadManager {
    // After confirming client applications can use `enigmaDownloadManager` instance to perform any download related tasks.

    /// "Playback of a downloaded Asset": one downloaded asset, and all of them.
    func downloadedAssetSamples(assetId: String) -> (OfflineMediaAsset?, [OfflineMediaAsset]) {
        let downloadedAsset = enigmaDownloadManager.getDownloadedAsset(assetId: assetId)

        let allDownloadedAssets = enigmaDownloadManager.getDownloadedAssets()
        return (downloadedAsset, allDownloadedAssets)
    }

    /// "OfflineMediaPlayable has the attribute format…": the playback it starts, nil when it starts none.
    func offlineMediaPlayableSample(assetId: String) -> Task<Void, Never>? {
        let downloadedAsset = enigmaDownloadManager.getDownloadedAsset(assetId: assetId)

        if let entitlement = downloadedAsset?.entitlement, let urlAsset = downloadedAsset?.urlAsset, let format = downloadedAsset?.format {

            if format == "MP3" || format == "mp3" {
                // Create `AVAudioPlayer` or `AVAudioFile` and pass to `AVAudioEngine`
                note("mp3")
            } else {

                 let offlineMediaPlayable = OfflineMediaPlayable(assetId: assetId, entitlement: entitlement, url: urlAsset.url)

                   // Play downloaded asset
                return player.startPlayback(offlineMediaPlayable: offlineMediaPlayable)
            }
        }
        return nil
    }
}
