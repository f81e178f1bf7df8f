import Exposure
import Foundation

/// One thing an ``ExposureDownloadTask`` tells its closures, queued for its delivery loop: what the
/// manager announced about the asset, or what the task found itself.
enum TaskDelivery: Sendable {
    /// The manager's event about the task's asset.
    case manager(OfflineManagerEvent)
    /// `onPrepared`.
    case prepared
    /// `onEntitlementRequestStarted`.
    case entitlementRequestStarted
    /// `onEntitlementResponse`, for a download that was already granted.
    case entitlementResponse(PlaybackEntitlement)
    /// `onCompleted`, for a download that was already complete.
    case completed(URL)
    /// `onError`, for a call the task refused itself.
    case failed(OfflineManagerError)
}

/// What an ``ExposureDownloadTask`` keeps between calls.
struct TaskShared: Sendable {
    /// What to download.
    var configuration: DownloadTaskConfiguration
    /// The app's closures.
    var handlers = TaskHandlers()
    /// A download this task started whose entitlement, chosen media and `onResumed` are not reported yet.
    var awaitingStart = false
    /// The tracks `onShouldDownloadMediaOption` added, for `onDownloadingMediaOption`.
    var chosenOptions: [MediaOption] = []
    /// Where the canceled download was, for `onCanceled`.
    var canceledURL: URL?
    /// The task's two loops (the manager's events forwarded, the deliveries), cancelled with it.
    var loops: [Task<Void, Never>] = []
}

/// The closures an app set on an ``ExposureDownloadTask``, one per event.
struct TaskHandlers: Sendable {
    typealias Plain = @Sendable (ExposureDownloadTask) -> Void
    typealias WithURL = @Sendable (ExposureDownloadTask, URL) -> Void

    var prepared: Plain?
    var suspended: Plain?
    var resumed: Plain?
    var canceled: WithURL?
    var completed: WithURL?
    var progress: (@Sendable (ExposureDownloadTask, ExposureDownloadTask.Progress) -> Void)?
    var error: (@Sendable (ExposureDownloadTask, URL?, any Error) -> Void)?
    var licenceRenewed: WithURL?
    var entitlementRequestStarted: Plain?
    var entitlementResponse: (@Sendable (ExposureDownloadTask, PlaybackEntitlement) -> Void)?
    var shouldDownloadMediaOption: (@Sendable (ExposureDownloadTask, AdditionalMedia) -> MediaOption?)?
    var downloadingMediaOption: (@Sendable (ExposureDownloadTask, MediaOption) -> Void)?
}
