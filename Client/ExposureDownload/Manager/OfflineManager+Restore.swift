import Synchronization

/// What the manager does at start and with what its downloader reports.
extension OfflineManager {
    /// Reconciles the stored items with the downloader's, finishes interrupted cancels, re-arms
    /// license timers and sends what the outbox holds.
    func restore() async {
        guard let downloader = try? downloader.get() else {
            registry.withLock { $0.restored = true }
            return
        }
        let snapshots = (try? await downloader.restore()) ?? []
        for snapshot in snapshots {
            try? amend(snapshot.id.rawValue) { record in
                record.absorb(snapshot.progress)
                record.masterPlaylist = snapshot.masterPlaylist
                record.usedBytes = snapshot.usedBytes
            }
        }
        for record in registry.withLock({ Array($0.records.values) }) {
            switch record.state {
            case .canceling:
                enqueue(record.item.assetId) { () throws(OfflineManagerError) in try await self.completeCancel(record.item.assetId) }
            case .downloaded: scheduleExpiry(record.item.assetId)
            case .notDownloaded, .downloading, .suspended: break
            }
        }
        registry.withLock { $0.restored = true }
        applyPolicy()
        await reporter.deliverDue()
    }

    /// Takes one downloader event: progress is stored (never backwards) and announced while
    /// Downloading; a finish completes the download; a failure suspends it.
    func handle(_ event: MediaDownloadEvent) {
        switch event {
        case .progressed(let id, let progress):
            _ = try? update(id.rawValue) { record in
                guard var changed = record else { return [] }
                changed.absorb(progress)
                changed.usedBytes = max(changed.usedBytes, changed.completedBytes)
                record = changed
                return changed.state == .downloading ? [.progressed(assetId: id.rawValue, percent: changed.percent)] : []
            }
            availableBytesChanged(to: dependencies.storage.availableBytes)
        case .suspended(let id, let progress):
            try? amend(id.rawValue) { $0.absorb(progress) }
        case .finished(let id):
            endRepairs(id.rawValue, with: .success(()))
            enqueue(id.rawValue) { () throws(OfflineManagerError) in try await self.finishDownload(id.rawValue) }
        case .failed(let id, let failure):
            let error = OfflineManagerError(failure)
            endRepairs(id.rawValue, with: .failure(error))
            _ = try? beginSuspend(
                id.rawValue, byPolicy: error == .insufficientSpace,
                announcing: [.failed(assetId: id.rawValue, error), .suspended(assetId: id.rawValue)])
        }
    }
}
