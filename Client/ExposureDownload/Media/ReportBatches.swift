import Synchronization

/// Reports posted from any thread without waiting, and taken in batches by one consumer: the
/// ``DownloadCoordinator``'s inbox for what its fetch jobs tell it.
///
/// Only the post that opens a batch asks for the consumer to be scheduled; later posts join the
/// batch until the consumer takes it. So a job does not hop onto the coordinator's queue and
/// back for each report (each hop a thread woken), and the files completed in one batch are
/// committed in one transaction.
package final class ReportBatches<Report: Sendable>: Sendable {
    /// The open batch; nil when there is none.
    private let batch = Mutex<[Report]?>(nil)

    /// An inbox with no batch open.
    package init() {}

    /// Adds `report` to the open batch; true when it opened the batch, so that its poster must
    /// have the consumer scheduled to take it.
    package func post(_ report: Report) -> Bool {
        batch.withLock { batch in
            guard batch != nil else {
                batch = [report]
                return true
            }
            batch?.append(report)
            return false
        }
    }

    /// The open batch's reports in the order they were posted (none when no batch is open);
    /// the next post opens a new batch.
    package func take() -> [Report] { batch.withLock { $0.take() ?? [] } }
}
