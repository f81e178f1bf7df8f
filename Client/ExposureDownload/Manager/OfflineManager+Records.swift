import ExposureModels
import Synchronization

/// Changing an item: persisted first, announced second, its follow-up work queued in the same step.
extension OfflineManager {
    typealias Work = @Sendable () async throws(OfflineManagerError) -> Void
    typealias WorkTask = Task<Result<Void, OfflineManagerError>, Never>

    /// Runs `body` on the item's record (nil: NotDownloaded) under the manager's lock, writes the
    /// result to `offline.sqlite`, then announces `body`'s events and queues `followUp`, whose
    /// failures are announced too. Nothing is announced or queued when `body` or the write fails.
    /// All of it runs on the database's queue (see `OfflineStore`).
    @discardableResult
    func update(
        _ assetId: String, followUp: Work? = nil,
        _ body: (inout OfflineItemRecord?) throws(OfflineManagerError) -> [OfflineManagerEvent]
    ) throws(OfflineManagerError) -> WorkTask? {
        try store.serialized { () throws(OfflineManagerError) -> WorkTask? in
            try registry.withLock { (registry) throws(OfflineManagerError) -> WorkTask? in
                var record = registry.records[assetId]
                let events = try body(&record)
                if record != registry.records[assetId] {
                    if let record {
                        try store.save(record, replacing: registry.records[assetId])
                    } else {
                        try store.remove(assetId: assetId)
                    }
                    registry.records[assetId] = record
                }
                events.forEach { announcements.yield($0) }
                return followUp.map { work in enqueue(assetId, work) }
            }
        }
    }

    /// Moves the item by `call` (the seed's table), applying `change` to the record that results.
    @discardableResult
    func transition(
        _ assetId: String, _ call: OfflineCall, announcing events: [OfflineManagerEvent] = [], followUp: Work? = nil,
        change: (inout OfflineItemRecord) -> Void = { _ in }
    ) throws(OfflineManagerError) -> WorkTask? {
        try update(assetId, followUp: followUp) { (record) throws(OfflineManagerError) in
            let next = try OfflineStateMachine.state(after: call, from: record?.state ?? .notDownloaded)
            guard next != .notDownloaded else {
                record = nil
                return events
            }
            guard var changed = record else { throw .notDownloaded(assetId) }
            changed.state = next
            change(&changed)
            record = changed
            return events
        }
    }

    /// Queues work for the item. What it throws is announced, and a download it leaves
    /// Downloading is recovered (suspended, or abandoned when nothing was fetched) unless
    /// `recovering` is false: work that never moves a download (a track lookup, a license
    /// refresh) must not suspend one that is running when it fails.
    @discardableResult
    func enqueue<Value: Sendable>(
        _ assetId: String, recovering: Bool = true, _ work: @escaping @Sendable () async throws(OfflineManagerError) -> Value
    ) -> Task<Result<Value, OfflineManagerError>, Never> {
        self.work.enqueue(assetId) { [weak self] () throws(OfflineManagerError) -> Value in
            do throws(OfflineManagerError) {
                return try await work()
            } catch {
                self?.announcements.yield(.failed(assetId: assetId, error))
                if recovering { await self?.recover(assetId) }
                throw error
            }
        }
    }

    /// Keeps the session token the app passed with an item the manager has: later backend calls
    /// and reports about it, those already waiting in the outbox too, use the newest one (an
    /// earlier token may have expired).
    func adoptToken(of sourceItem: SourceItem) {
        try? amend(sourceItem.assetId) { $0.item.sessionToken = sourceItem.sessionToken }
        reporter.outbox.adoptToken(sourceItem.sessionToken.value, assetId: sourceItem.assetId)
    }

    /// The item's record now.
    func record(_ assetId: String) -> OfflineItemRecord? {
        registry.withLock { $0.records[assetId] }
    }

    /// Changes stored fields of an item that still exists, without a state change or an announcement.
    func amend(_ assetId: String, _ change: (inout OfflineItemRecord) -> Void) throws(OfflineManagerError) {
        try update(assetId) { record in
            if var changed = record {
                change(&changed)
                record = changed
            }
            return []
        }
    }

    /// Reads the stored items; those that were downloading when the last run ended are Suspended now.
    func loadRecords() {
        let stored = (try? store.all()) ?? []
        for var record in stored {
            if record.state == .downloading {
                record.state = .suspended
                record.suspendedByPolicy = false
                try? store.save(record)
            }
            registry.withLock { $0.records[record.item.assetId] = record }
        }
    }

    /// Hands an event to the item's listeners and to every ``events`` stream (the delivery task's job).
    func deliver(_ event: OfflineManagerEvent) {
        let (listeners, subscribers) = registry.withLock { registry in
            registry.listeners[event.assetId]?.removeAll { $0.listener == nil }
            return (registry.listeners[event.assetId]?.compactMap(\.listener) ?? [], Array(registry.subscribers.values))
        }
        listeners.forEach { event.deliver(to: $0, from: self) }
        subscribers.forEach { $0.yield(event) }
    }
}
