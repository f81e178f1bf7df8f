import Exposure
import Foundation
import Synchronization

/// The official task's chainable closures (iOSClientDownload's `EventPublisher` and the task's
/// entitlement events); each sets the one closure for its event and returns the task.
extension ExposureDownloadTask {
    /// The task is ready: ``resume()`` starts (or continues) the download.
    @discardableResult
    public func onPrepared(callback: @escaping @Sendable (ExposureDownloadTask) -> Void) -> ExposureDownloadTask {
        handle { $0.prepared = callback }
    }

    /// The download was suspended (by ``suspend()``, the Wi-Fi rule, low space or an error it can resume from).
    @discardableResult
    public func onSuspended(callback: @escaping @Sendable (ExposureDownloadTask) -> Void) -> ExposureDownloadTask {
        handle { $0.suspended = callback }
    }

    /// The download is fetching: after its entitlement on the first ``resume()``, at once on later ones.
    @discardableResult
    public func onResumed(callback: @escaping @Sendable (ExposureDownloadTask) -> Void) -> ExposureDownloadTask {
        handle { $0.resumed = callback }
    }

    /// ``cancel()`` is done: the partial data at the URL is gone and the task is ``State/notStarted`` again.
    @discardableResult
    public func onCanceled(callback: @escaping @Sendable (ExposureDownloadTask, URL) -> Void) -> ExposureDownloadTask {
        handle { $0.canceled = callback }
    }

    /// Every file is on disk; the URL is the package's local master playlist.
    @discardableResult
    public func onCompleted(callback: @escaping @Sendable (ExposureDownloadTask, URL) -> Void) -> ExposureDownloadTask {
        handle { $0.completed = callback }
    }

    /// Bytes moved; ``Progress/current`` is 0 … 1 and never goes backwards.
    @discardableResult
    public func onProgress(callback: @escaping @Sendable (ExposureDownloadTask, Progress) -> Void) -> ExposureDownloadTask {
        handle { $0.progress = callback }
    }

    /// Something failed: the error is an ``OfflineManagerError`` (a call the state does not allow is
    /// ``OfflineManagerError/invalidTransition(from:call:)``); the URL is the package's, when there is one.
    @discardableResult
    public func onError(callback: @escaping @Sendable (ExposureDownloadTask, URL?, any Error) -> Void) -> ExposureDownloadTask {
        handle { $0.error = callback }
    }

    /// ``renewLicence()`` is done; the URL is the package's local master playlist.
    @discardableResult
    public func onLicenceRenewed(callback: @escaping @Sendable (ExposureDownloadTask, URL) -> Void) -> ExposureDownloadTask {
        handle { $0.licenceRenewed = callback }
    }

    /// The download entitlement is being asked for (the first ``resume()``).
    @discardableResult
    public func onEntitlementRequestStarted(callback: @escaping @Sendable (ExposureDownloadTask) -> Void) -> ExposureDownloadTask {
        handle { $0.entitlementRequestStarted = callback }
    }

    /// The download entitlement was granted (or, for a finished download, is the stored one).
    @discardableResult
    public func onEntitlementResponse(callback: @escaping @Sendable (ExposureDownloadTask, PlaybackEntitlement) -> Void)
        -> ExposureDownloadTask
    {
        handle { $0.entitlementResponse = callback }
    }

    /// Asked before the download starts, while tracks are left out of it (after ``addAudios(hlsNames:)``
    /// or ``addSubtitles(hlsNames:)``): return one to add it, nil to add no more. Called from the task
    /// that starts the download, not the delivery loop.
    @discardableResult
    public func onShouldDownloadMediaOption(callback: @escaping @Sendable (ExposureDownloadTask, AdditionalMedia) -> MediaOption?)
        -> ExposureDownloadTask
    {
        handle { $0.shouldDownloadMediaOption = callback }
    }

    /// A track ``onShouldDownloadMediaOption(callback:)`` chose is being downloaded.
    @discardableResult
    public func onDownloadingMediaOption(callback: @escaping @Sendable (ExposureDownloadTask, MediaOption) -> Void) -> ExposureDownloadTask
    {
        handle { $0.downloadingMediaOption = callback }
    }

    private func handle(_ set: (inout TaskHandlers) -> Void) -> ExposureDownloadTask {
        shared.withLock { set(&$0.handlers) }
        return self
    }

    /// Calls the closure a delivery is for (the delivery loop's job).
    func deliver(_ delivery: TaskDelivery) {
        let handlers = shared.withLock { $0.handlers }
        switch delivery {
        case .manager(let event): deliver(event, to: handlers)
        case .prepared: handlers.prepared?(self)
        case .entitlementRequestStarted: handlers.entitlementRequestStarted?(self)
        case .entitlementResponse(let entitlement): handlers.entitlementResponse?(self, entitlement)
        case .completed(let url): handlers.completed?(self, url)
        case .failed(let error): handlers.error?(self, packageURL, error)
        }
    }

    private func deliver(_ event: OfflineManagerEvent, to handlers: TaskHandlers) {
        switch event {
        case .progressed(_, let percent):
            reportStart(to: handlers)
            handlers.progress?(self, Progress(current: percent / 100))
        case .suspended: handlers.suspended?(self)
        case .resumed: handlers.resumed?(self)
        case .finished:
            reportStart(to: handlers)
            handlers.completed?(self, packageURL ?? packageFolder)
        case .canceled: handlers.canceled?(self, shared.withLock { $0.canceledURL } ?? packageFolder)
        case .renewedLicense: handlers.licenceRenewed?(self, packageURL ?? packageFolder)
        case .failed(_, let error):
            shared.withLock { $0.awaitingStart = false }
            handlers.error?(self, packageURL, error)
        case .fetchedAvailableTracks, .licenseExpired: break
        }
    }

    /// The first news of a download this task started: its entitlement, the chosen tracks, `onResumed`.
    private func reportStart(to handlers: TaskHandlers) {
        let (started, options) = shared.withLock { shared in
            defer { shared.awaitingStart = false }
            return (shared.awaitingStart, shared.chosenOptions)
        }
        guard started else { return }
        if let entitlement { handlers.entitlementResponse?(self, entitlement) }
        options.forEach { handlers.downloadingMediaOption?(self, $0) }
        handlers.resumed?(self)
    }

    /// The package's local master playlist, once the download is planned.
    var packageURL: URL? { manager.record(assetId)?.masterPlaylist }

    /// Where the manager keeps downloaded media, for events about a package not planned yet.
    var packageFolder: URL { manager.dependencies.dataFolder.appendingPathComponent("media") }
}
