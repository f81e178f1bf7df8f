import Exposure
import Foundation
import Synchronization

/// One asset's download as iOSClientExposureDownload's `ExposureDownloadTask` drives it, over the
/// ``OfflineManager`` (the one download engine): configure it, ``prepare(lazily:)``, ``resume()``,
/// ``suspend()``, ``cancel()``, and listen with the chainable `on…` closures.
///
///     let task = enigmaDownloadManager.download(assetId: "arctic-journey", sessionToken: token, environment: environment)
///     task.onProgress { _, progress in print(progress.current) }
///         .onCompleted { _, url in print("downloaded to", url) }
///         .onError { _, _, error in print(error) }
///     task.resume()
///
/// Each `on…` sets the one closure for its event (a second call replaces it). Closures are called
/// one at a time, in order, from the task's delivery loop (never from inside a task call). A call
/// the download's state does not allow is refused with ``OfflineManagerError/invalidTransition(from:call:)``
/// through ``onError(callback:)``, as every other failure is. Keep the task while you listen:
/// once it is released its closures are no longer called (the download goes on in the manager).
public final class ExposureDownloadTask: Sendable {
    /// Where the download is, as the official task reports it.
    public enum State: Sendable, Hashable {
        /// Nothing is downloaded (or the download was canceled).
        case notStarted
        /// Media is being fetched.
        case running
        /// Fetching stopped; ``resume()`` continues it.
        case suspended
        /// The partial data is being deleted.
        case canceling
        /// Every file is on disk.
        case completed
    }

    /// How far a download has come, as iOSClientDownload's `Progress` (nested here, as Foundation has a `Progress` too).
    public struct Progress: Sendable, Hashable {
        /// 0 … 1.
        public let current: Double
    }

    /// The user's session.
    public let sessionToken: SessionToken
    /// The backend.
    public let environment: Environment
    /// The manager doing the work.
    public let manager: OfflineManager

    let deliveries: AsyncStream<TaskDelivery>.Continuation
    /// The task's one lock, over its one state value (configuration, closures, loops).
    let shared: Mutex<TaskShared>

    /// A task for `assetId`; ``EnigmaDownloads/download(assetId:sessionToken:environment:)`` makes them.
    init(assetId: String, sessionToken: SessionToken, environment: Environment, manager: OfflineManager) {
        self.sessionToken = sessionToken
        self.environment = environment
        self.manager = manager
        shared = Mutex(TaskShared(configuration: DownloadTaskConfiguration(identifier: assetId)))
        let (stream, continuation) = AsyncStream.makeStream(of: TaskDelivery.self)
        deliveries = continuation
        // Subscribed now, so nothing the manager announces after the task exists is missed.
        let managerEvents = manager.events
        let forwarding = Task {
            for await event in managerEvents where event.assetId == assetId { continuation.yield(.manager(event)) }
        }
        let delivering = Task { [weak self] in
            for await delivery in stream { self?.deliver(delivery) }
        }
        shared.withLock { $0.loops = [forwarding, delivering] }
    }

    deinit {
        shared.withLock { $0.loops }.forEach { $0.cancel() }
        deliveries.finish()
    }

    /// What the task will download.
    public var configuration: DownloadTaskConfiguration { shared.withLock { $0.configuration } }

    /// The asset.
    public var assetId: String { configuration.identifier }

    /// The item the manager knows the download by.
    public var sourceItem: SourceItem { SourceItem(assetId: assetId, environment: environment, sessionToken: sessionToken) }

    /// The download entitlement, once granted.
    public var entitlement: PlaybackEntitlement? { manager.record(assetId)?.entitlement }

    /// The download's state now (the manager's, in the official names).
    public var state: State {
        switch manager.offlineState(for: sourceItem) {
        case .notDownloaded: return .notStarted
        case .downloading: return .running
        case .suspended: return .suspended
        case .canceling: return .canceling
        case .downloaded: return .completed
        }
    }
}
