import Foundation
import Synchronization

/// The official task's calls: each returns at once; what it starts is told to the closures.
extension ExposureDownloadTask {
    /// Gets the task ready. A complete download reports its entitlement and `onCompleted`; a
    /// running or suspended one (from an earlier task or run) `onPrepared`. A new one is prepared at
    /// once when `lazily`, else after its `downloadinfo` showed it can be downloaded.
    @discardableResult
    public func prepare(lazily: Bool = true) -> ExposureDownloadTask {
        switch state {
        case .completed:
            if let entitlement { deliveries.yield(.entitlementResponse(entitlement)) }
            deliveries.yield(.completed(packageURL ?? packageFolder))
        case .canceling:
            deliveries.yield(.failed(.invalidTransition(from: .canceling, call: .download)))
        case .running, .suspended:
            deliveries.yield(.prepared)
        case .notStarted where lazily:
            deliveries.yield(.prepared)
        case .notStarted:
            let item = sourceItem
            Task {
                // A failure reaches `onError` as the manager's announcement.
                guard (try? await manager.availableTracks(for: item)) != nil else { return }
                deliveries.yield(.prepared)
            }
        }
        return self
    }

    /// Starts the download (its entitlement first), or resumes a suspended one.
    public func resume() {
        guard state == .notStarted else { return manager.resumeDownload(for: sourceItem) }
        let (configuration, ask) = shared.withLock { ($0.configuration, $0.handlers.shouldDownloadMediaOption) }
        deliveries.yield(.entitlementRequestStarted)
        let item = sourceItem
        Task {
            var selection: OfflineTrackSelection?
            var chosen: [MediaOption] = []
            if configuration.needsAvailableTracks || ask != nil {
                // A failure reaches `onError` as the manager's announcement.
                guard let tracks = try? await manager.availableTracks(for: item) else { return }
                do throws(OfflineManagerError) {
                    selection = try configuration.selection(among: tracks.available)
                } catch {
                    deliveries.yield(.failed(error))
                    return
                }
                if let ask, var current = selection {
                    chosen = choose(among: tracks.available, from: &current, asking: ask)
                    selection = current
                }
            }
            shared.withLock {
                $0.awaitingStart = true
                $0.chosenOptions = chosen
            }
            let downloadConfiguration = DownloadConfiguration(minimumBitrate: configuration.requiredBitrate.map { Int($0) })
            if let selection {
                manager.download(sourceItem: item, tracks: selection, downloadConfiguration: downloadConfiguration)
            } else {
                manager.download(sourceItem: item, downloadConfiguration: downloadConfiguration)
            }
        }
    }

    /// Suspends the download, keeping what it fetched.
    public func suspend() {
        manager.suspendDownload(for: sourceItem)
    }

    /// Cancels the download and deletes its partial data.
    public func cancel() {
        let url = packageURL ?? packageFolder
        shared.withLock { $0.canceledURL = url }
        manager.cancelDownload(for: sourceItem)
    }

    /// Renews the finished download's license (`onLicenceRenewed`). The official SDK deprecates it
    /// for ``EnigmaDownloads/renewLicense(assetId:sessionToken:environment:completion:)``, which does the same.
    public func renewLicence() {
        manager.renewOfflineLicense(for: sourceItem)
    }

    /// Downloads the lowest video rendition at or above `bitrate` (bits per second), else the highest;
    /// with a `presentationSize`, the lowest rendition at least that large instead.
    @discardableResult
    public func use(bitrate: Int64?, presentationSize: CGSize? = nil) -> Self {
        configure {
            $0.requiredBitrate = bitrate
            $0.presentationSize = presentationSize
        }
    }

    /// Downloads these subtitle tracks (HLS `NAME`s) rather than all of them.
    @discardableResult
    public func addSubtitles(hlsNames: [String]) -> Self {
        configure { $0.subtitles = hlsNames }
    }

    /// Downloads these audio tracks (HLS `NAME`s) rather than all of them.
    @discardableResult
    public func addAudios(hlsNames: [String]) -> Self {
        configure { $0.audios = hlsNames }
    }

    /// Downloads every audio and subtitle track.
    @discardableResult
    public func addAllAdditionalMedia() -> Self {
        configure { $0.allAudiosSubs = true }
    }

    /// Changes what a download that has not started will fetch; refused (`onError`) once it has.
    private func configure(_ change: (inout DownloadTaskConfiguration) -> Void) -> Self {
        let current = manager.offlineState(for: sourceItem)
        guard current == .notDownloaded else {
            deliveries.yield(.failed(.invalidTransition(from: current, call: .download)))
            return self
        }
        shared.withLock { change(&$0.configuration) }
        return self
    }

    /// Asks the app for tracks to add until it answers nil, repeats itself or nothing is left.
    private func choose(
        among available: MediaTracks, from selection: inout OfflineTrackSelection,
        asking ask: @Sendable (ExposureDownloadTask, AdditionalMedia) -> MediaOption?
    ) -> [MediaOption] {
        var chosen: [MediaOption] = []
        while true {
            let offer = AdditionalMedia(available: available, selection: selection)
            guard !(offer.audio.isEmpty && offer.subtitles.isEmpty), let option = ask(self, offer),
                (offer.audio + offer.subtitles).contains(option)
            else { return chosen }
            selection = selection.adding(option)
            chosen.append(option)
        }
    }
}
