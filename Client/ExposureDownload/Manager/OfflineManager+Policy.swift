import Synchronization

/// The Wi-Fi rule and the free-space threshold: active downloads suspend while either holds
/// and resume once neither does (only those the rules suspended, not the app's).
extension OfflineManager {
    /// Why downloads may not run now.
    enum PolicyBlock: Equatable {
        case lowSpace
        case noWiFi
        case offline
    }

    /// The rule that holds now, if any.
    var policyBlock: PolicyBlock? {
        registry.withLock { registry in
            if registry.networkPath == .offline { return .offline }
            if registry.restrictToWiFi && registry.networkPath != .wifi { return .noWiFi }
            if registry.availableBytes < Self.minimumAvailableBytes { return .lowSpace }
            return nil
        }
    }

    func networkChanged(to path: NetworkPath) {
        registry.withLock { $0.networkPath = path }
        applyPolicy()
    }

    func availableBytesChanged(to bytes: Int64) {
        let changed = registry.withLock { registry in
            defer { registry.availableBytes = bytes }
            return (registry.availableBytes < Self.minimumAvailableBytes) != (bytes < Self.minimumAvailableBytes)
        }
        if changed { applyPolicy() }
    }

    /// Suspends what runs while a rule holds; resumes what the rules suspended once none does.
    func applyPolicy() {
        guard areSuspendedDownloadsRestored else { return }
        let block = policyBlock
        let records = registry.withLock { Array($0.records.values) }
        for record in records {
            let assetId = record.item.assetId
            if let block, record.state == .downloading {
                let events: [OfflineManagerEvent] =
                    block == .lowSpace
                    ? [.failed(assetId: assetId, .insufficientSpace), .suspended(assetId: assetId)] : [.suspended(assetId: assetId)]
                _ = try? beginSuspend(assetId, byPolicy: true, announcing: events)
            } else if block == nil, record.state == .suspended, record.suspendedByPolicy {
                _ = try? beginResume(assetId)
            }
        }
    }
}
