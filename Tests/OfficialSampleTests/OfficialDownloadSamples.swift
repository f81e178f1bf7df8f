// swift-format-ignore-file
// (the samples keep the official README's shape: trailing closures, `let _ =`, `[weak self]`)
import Exposure
import ExposureDownload
import ExposurePlayback
import Foundation

/// The samples of iOSClientExposureDownload's README (v3.5.0, the last with samples) and the
/// download screen of iOSClientSDKSampleApp, written again against our modules and compiled in
/// Swift 5 mode, as an app written for the official SDK is. `UIViewController` goes (no UIKit);
/// prints stand in for the UI. The differences are listed in docs/compatibility.md.
final class DownloadScreen: EnigmaDownloadManager {
    let environment: Environment
    let session: SessionToken
    let player: Player
    var task: ExposureDownloadTask?

    init(environment: Environment, session: SessionToken, player: Player) {
        self.environment = environment
        self.session = session
        self.player = player
    }

    /// "Identify Downloadable Assets".
    func identifyDownloadableAssets(assetId: String) {
        enigmaDownloadManager.isAvailableToDownload(assetId: assetId, environment: environment, sessionToken: session) { isAvailable in
            print("downloadable:", isAvailable)
        }
    }

    /// "Identify What Can be Downloaded for a Specific Asset".
    func whatCanBeDownloaded(assetId: String) {
        enigmaDownloadManager.getDownloadableInfo(assetId: assetId, environment: environment, sessionToken: session) { downloadInfo in
            print(downloadInfo?.audios ?? [], downloadInfo?.videos ?? [], downloadInfo?.subtitles ?? [])
        }
    }

    /// "Downloading Assets": the task's calls and events.
    func downloadingAssets(assetId: String) {
        let task = enigmaDownloadManager.download(assetId: assetId, using: session, in: environment)
        task.prepare()
        task.resume()
        task.suspend()
        task.cancel()

        task.onPrepared { _ in
            print("📱 Media Download prepared")
        }
        .onCanceled { task, url in
            print("📱 Media Download canceled", task.configuration.identifier, url)
        }
        .onSuspended { _ in
            print("📱 Media Download Suspended")
        }
        .onResumed { _ in
            print("📱 Media Download Resumed")
        }
        .onProgress { _, progress in
            print("📱 Percent", progress.current * 100, "%")
        }
        .onError { _, url, error in
            print("📱 Download error: \(error)")
        }
        .onCompleted { _, url in
            print("📱 Download completed: \(url)")
        }
        self.task = task
    }

    /// "Downloading Additional Media" and "Downloading Specific Media".
    func additionalAndSpecificMedia(task: ExposureDownloadTask, bitrate: Int64) {
        task.addAllAdditionalMedia()
        task.use(bitrate: bitrate)
    }

    /// The sample app's download: chosen tracks, a size, the entitlement events and media options.
    func sampleAppDownload(assetId: String, videoTrack: Int?) {
        let task = enigmaDownloadManager.download(assetId: assetId, sessionToken: session, environment: environment)
        enigmaDownloadManager.isAvailableToDownload(assetId: assetId, environment: environment, sessionToken: session) { [weak self] isAvailableToDownload in
            guard isAvailableToDownload else { return }
            task.addAudios(hlsNames: ["French"])
                .addSubtitles(hlsNames: ["Arabic", "French"])
            task.onEntitlementRequestStarted { _ in
                print("asking for the download entitlement")
            }
            .onEntitlementResponse { _, entitlement in
                print("entitled:", entitlement.playToken ?? "")
            }
            .onShouldDownloadMediaOption { _, additionalMedia in
                return additionalMedia.subtitles.first
            }
            .onDownloadingMediaOption { _, mediaOption in
                print("also downloading", mediaOption.hlsName)
            }
            .onLicenceRenewed { _, url in
                print("renewed", url)
            }
            .onPrepared { _ in
                task.resume()
            }
            .onError { _, url, error in
                print("📱 Download error: \(error)", url ?? "")
                task.cancel()
                if let self = self {
                    let _ = self.enigmaDownloadManager.removeDownloadedAsset(assetId: assetId, sessionToken: self.session, environment: self.environment)
                }
            }
            .onCompleted { _, url in
                print("📱 Download completed: \(url)")
            }.prepare(lazily: false)

            if let videoTrack = videoTrack {
                task.use(bitrate: Int64(exactly: videoTrack), presentationSize: CGSize(width: 1920, height: 1080))
            }
            switch task.state {
            case .notStarted, .running, .suspended, .canceling, .completed: break
            }
        }
    }

    /// "Check if Downloaded Asset has Expired" (the README's `if expired` does not compile with
    /// the official `Bool?` either: `== true` here).
    func checkExpiry(asset: OfflineMediaAsset) {
        enigmaDownloadManager.isExpired(assetId: asset.assetId, environment: environment, sessionToken: session) { expired, error in
            if let error = error {
                print("Error: \(error.localizedDescription)")
            } else {
                if expired == true {
                    print("Asset has expired.")
                } else {
                    print("Asset is still valid.")
                }
            }
        }

        enigmaDownloadManager.getExpiryTime(assetId: asset.assetId, environment: environment, sessionToken: session) { expiryTime, error in
            print(expiryTime ?? 0)
        }
    }

    /// "Renew License".
    func renewLicense(assetId: String) {
        let _ = enigmaDownloadManager.renewLicense(assetId: assetId, sessionToken: session, environment: environment) { offlineMediaAsset, error in
            print("Updated offline media asset \(String(describing: offlineMediaAsset))")
        }
    }

    /// "Playback of a Downloaded Asset".
    func playbackOfADownloadedAsset(assetId: String, userId: String) {
        let downloadedAssets = enigmaDownloadManager.getDownloadedAssets(userId: userId)
        let allDownloadedAssets = enigmaDownloadManager.getDownloadedAssets()
        print(downloadedAssets.count, allDownloadedAssets.count)

        let downloadedAsset = enigmaDownloadManager.getDownloadedAsset(assetId: assetId)
        if let entitlement = downloadedAsset?.entitlement, let urlAsset = downloadedAsset?.urlAsset, let format = downloadedAsset?.format {
            if format == "MP3" || format == "mp3" {
                // An audio player of the app's own.
            } else {
                let offlineMediaPlayable = OfflineMediaPlayable(assetId: assetId, entitlement: entitlement, url: urlAsset.url)
                player.startPlayback(offlineMediaPlayable: offlineMediaPlayable)
            }
        }
    }

    /// "Deleting Downloaded Asset".
    func deletingDownloadedAsset(assetId: String) {
        let _ = enigmaDownloadManager.removeDownloadedAsset(assetId: assetId)
        if let media = enigmaDownloadManager.getDownloadedAsset(assetId: assetId) {
            enigmaDownloadManager.delete(media: media)
        }
    }

    /// "State of a Downloaded Asset".
    func stateOfADownloadedAsset(assetId: String) {
        guard let downloadedAsset = enigmaDownloadManager.getDownloadedAsset(assetId: assetId) else { return }
        let downloadState = downloadedAsset.getDownloadState()

        switch downloadState {
        case .completed?: print("Completed")
        case .cancel?: print("Canceled")
        case .notDownloaded?: print("Not downloaded")
        case .suspend?: print("Suspended")
        case .started?: print("Download has started")
        case .downloading?:
            let _ = downloadedAsset.state { playableState in
                switch playableState {
                case .completed(entitlement: _, url: let url): print("downloaded", url)
                case .notPlayable(entitlement: _, url: _): print("suspended")
                }
            }
        case nil: print("no state")
        }
    }
}
