import Clocks
import Exposure
import Foundation
import Synchronization

/// Downloads Exposure assets for offline playback, with the seed's (Bitmovin's) `OfflineManager`
/// surface: per item ``OfflineState``s that move exactly as the seed's table says, suspend,
/// resume, cancel and delete, licenses, storage, the Wi-Fi and free-space rules, and listeners.
///
/// The seed-named methods return at once; what they start is reported to the item's
/// ``OfflineManagerListener``s and on ``events``, failures included (a call not allowed in the
/// item's state is ``OfflineManagerError/invalidTransition(from:call:)``). Beside each is an
/// async method that throws the typed error instead (``startDownload(_:tracks:configuration:)`` …).
///
/// Every state change is written to `offline.sqlite` before it is announced; a manager started on
/// the same folder finds downloads that were running Suspended, with the bytes they had.
public final class OfflineManager: Sendable {
    struct Registry {
        var records: [String: OfflineItemRecord] = [:]
        var listeners: [String: [WeakListener]] = [:]
        var subscribers: [Int: AsyncStream<OfflineManagerEvent>.Continuation] = [:]
        var nextSubscriber = 0
        var restrictToWiFi: Bool
        var networkPath: NetworkPath
        var availableBytes: Int64
        var restored = false
        var expiryTimers: [String: Task<Void, Never>] = [:]
        /// Callers of ``OfflineManager/repair(_:)`` waiting for the downloader to finish, by asset.
        var repairs: [String: [CheckedContinuation<Result<Void, OfflineManagerError>, Never>]] = [:]
        /// The manager's loops: announcements delivered, the network and storage monitors, the downloader's events.
        var background: [Task<Void, Never>] = []
        /// Restoring the downloads an earlier run left (the downloader's events wait for it).
        var restoring: Task<Void, Never>?
    }

    struct WeakListener {
        weak var listener: (any OfflineManagerListener)?
    }

    /// The manager's one lock, over its one state value; what a change announces, persists or
    /// starts is decided under it and done by the caller (see `update`).
    let registry: Mutex<Registry>
    let dependencies: OfflineManagerDependencies
    let store: OfflineStore
    let reporter: DownloadReporter
    let work = ItemWorkQueue()
    let downloader: Result<any MediaDownloading, OfflineManagerError>
    let announcements: AsyncStream<OfflineManagerEvent>.Continuation

    /// What became of each report to the backend (`downloadcompleted`, `downloadrenewed`,
    /// `DELETE …/downloads`), for one consumer.
    public let reportOutcomes: AsyncStream<DownloadReportOutcome>

    /// A manager on `dependencies`' folder. Items found there are restored in the background;
    /// ``areSuspendedDownloadsRestored`` turns true once they are.
    public init(dependencies: OfflineManagerDependencies, restrictMediaDownloadsToWiFi: Bool = false) {
        self.dependencies = dependencies
        let database = OfflineDatabaseHandle { () throws(OfflineManagerError) in try OfflineDatabase.open(folder: dependencies.dataFolder) }
        store = OfflineStore(database: database)
        let (outcomes, outcomeSink) = AsyncStream.makeStream(of: DownloadReportOutcome.self)
        reportOutcomes = outcomes
        reporter = DownloadReporter(
            outbox: database.map(Outbox.init(database:)), transport: dependencies.transport,
            clock: dependencies.clock, outcomes: outcomeSink)
        downloader = Result { () throws(OfflineManagerError) -> any MediaDownloading in
            do throws(MediaDownloadFailure) {
                return try dependencies.makeDownloader(
                    dependencies.dataFolder.appendingPathComponent("media"), dependencies.transport, dependencies.clock)
            } catch {
                throw OfflineManagerError(error)
            }
        }
        let (stream, sink) = AsyncStream.makeStream(of: OfflineManagerEvent.self)
        announcements = sink
        registry = Mutex(
            Registry(
                restrictToWiFi: restrictMediaDownloadsToWiFi, networkPath: dependencies.network.currentPath,
                availableBytes: dependencies.storage.availableBytes))
        loadRecords()
        startBackground(deliveringFrom: stream)
        // Playables made without a key source find this manager's packages' keys here.
        OfflineKeyRegistry.shared.register(self)
    }

    deinit {
        registry.withLock { registry in
            registry.background.forEach { $0.cancel() }
            registry.subscribers.values.forEach { $0.finish() }
            registry.expiryTimers.values.forEach { $0.cancel() }
        }
        announcements.finish()
    }

    /// Stops the manager's background work (restoring, monitors, timers, retries); stored items
    /// and reports stay for the next manager on the folder.
    public func shutdown() async {
        registry.withLock { registry in
            registry.background.forEach { $0.cancel() }
            registry.restoring?.cancel()
            registry.expiryTimers.values.forEach { $0.cancel() }
        }
        await reporter.stop()
        await work.drain()
    }

    private func startBackground(deliveringFrom stream: AsyncStream<OfflineManagerEvent>) {
        let tasks = [
            Task { [weak self] in
                for await event in stream { self?.deliver(event) }
            },
            Task { [weak self, updates = dependencies.network.pathUpdates] in
                for await path in updates { self?.networkChanged(to: path) }
            },
            Task { [weak self, updates = dependencies.storage.availableBytesUpdates] in
                for await bytes in updates { self?.availableBytesChanged(to: bytes) }
            }
        ]
        let restoring = Task<Void, Never> { [weak self] in await self?.restore() }
        let listening = Task { [weak self] in
            guard let downloader = try? self?.downloader.get() else { return }
            await restoring.value
            // Handled on the database's queue, where its progress is written: no thread of the pool waits for it.
            for await event in downloader.events {
                guard let self else { return }
                await store.serialized { self.handle(event) }
            }
        }
        registry.withLock { registry in
            registry.background = tasks + [listening]
            registry.restoring = restoring
        }
    }

    /// Returns once the downloads an earlier run left are restored (``areSuspendedDownloadsRestored``).
    public func waitForRestoredDownloads() async {
        await registry.withLock { $0.restoring }?.value
    }

    /// Every event of every item, from now on, for one consumer per stream.
    public var events: AsyncStream<OfflineManagerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: OfflineManagerEvent.self)
        let id = registry.withLock { registry in
            defer { registry.nextSubscriber += 1 }
            registry.subscribers[registry.nextSubscriber] = continuation
            return registry.nextSubscriber
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.registry.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sends the reports due now (they are sent on their own too); for callers that must know
    /// they went out, e.g. before the process ends.
    public func deliverPendingReports() async {
        await reporter.deliverDue()
    }
}
