import Clocks
import Exposure
import HTTPTypes

/// Delivers the outbox's reports: at once when one is added, again with backoff on the manager's
/// clock while the backend fails, and at the next start for whatever a run left behind.
///
/// Reports of one asset go in order: when one fails, the asset's later reports wait for it (a
/// delete must not overtake the completion it releases).
package actor DownloadReporter {
    /// The reports owed; the manager gives waiting ones a newer token through it.
    package nonisolated let outbox: ReportOutbox
    private let transport: any HTTPTransport
    private let clock: any WallClock
    private let outcomes: AsyncStream<DownloadReportOutcome>.Continuation
    private var retry: Task<Void, Never>?
    private var delivering = false
    private var deliverAgain = false
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private var stopped = false

    /// The first retry waits a second; each further one twice as long, up to five minutes.
    package static func retryDelay(attempts: Int) -> Duration { backoff.delay(beforeRetry: attempts) }

    private static let backoff = Backoff(first: .seconds(1), longest: .seconds(300))

    package init(
        outbox: ReportOutbox, transport: any HTTPTransport, clock: any WallClock,
        outcomes: AsyncStream<DownloadReportOutcome>.Continuation
    ) {
        self.outbox = outbox
        self.transport = transport
        self.clock = clock
        self.outcomes = outcomes
    }

    /// Stores the report, then delivers what is due in the background: the caller goes on once
    /// the report is safe on disk, not once the backend answered.
    package func add(_ report: DownloadReport) async throws(OfflineManagerError) {
        try await outbox.add(report, due: clock.now)
        Task { await self.deliverDue() }
    }

    /// Sends every report due now, oldest first, and returns once each was attempted. A call while
    /// a delivery runs makes that delivery go round once more (instead of sending the same
    /// reports twice) and returns when it is done.
    package func deliverDue() async {
        guard !stopped else { return }
        guard !delivering else {
            deliverAgain = true
            await withCheckedContinuation { idleWaiters.append($0) }
            return
        }
        delivering = true
        var waiting: [WaitingReport]
        repeat {
            deliverAgain = false
            await deliverOnce()
            // Read before the delivery ends, so no call can slip in between this and the timer.
            waiting = (try? await outbox.waitingReports()) ?? []
        } while deliverAgain
        delivering = false
        scheduleRetry(for: waiting)
        let waiters = idleWaiters
        idleWaiters = []
        waiters.forEach { $0.resume() }
    }

    private func deliverOnce() async {
        guard let entries = try? await outbox.waitingReports() else { return }
        var blockedAssets: Set<String> = []
        for entry in entries where !stopped {
            guard entry.message.due <= clock.now, !blockedAssets.contains(entry.report.assetId) else {
                blockedAssets.insert(entry.report.assetId)
                continue
            }
            do {
                try await entry.report.send(over: transport)
                try? await outbox.remove(entry)
                outcomes.yield(.delivered(entry.report))
            } catch let error where Self.isFinal(error) {
                try? await outbox.remove(entry)
                outcomes.yield(.rejected(entry.report, status: error.status ?? 0))
            } catch {
                let attempts = entry.message.attempts + 1
                let due = clock.now + Self.retryDelay(attempts: attempts)
                try? await outbox.postpone(entry, attempts: attempts, due: due)
                outcomes.yield(.retrying(entry.report, attempts: attempts, nextAttempt: due))
                blockedAssets.insert(entry.report.assetId)
            }
        }
    }

    /// Stops delivering for good (the manager is going away; the outbox keeps the reports for
    /// the next one): no timer is armed and no report sent after this, not even by a delivery
    /// that was running.
    package func stop() {
        stopped = true
        retry?.cancel()
        retry = nil
    }

    private func scheduleRetry(for waiting: [WaitingReport]) {
        retry?.cancel()
        guard !stopped else {
            retry = nil
            return
        }
        // Only each asset's oldest report decides: the later ones wait for it whatever their due time.
        var heads: [String: WallTime] = [:]
        for entry in waiting where heads[entry.report.assetId] == nil { heads[entry.report.assetId] = entry.message.due }
        guard let due = heads.values.min() else {
            retry = nil
            return
        }
        let clock = self.clock
        retry = Task { [weak self] in
            do { try await clock.sleep(until: due, tolerance: nil) } catch { return }
            await self?.retryIsDue()
        }
    }

    /// The timer no longer sleeps, so nothing may cancel it mid-send.
    private func retryIsDue() async {
        retry = nil
        await deliverDue()
    }

    /// A refusal retrying cannot change: a 4xx other than a timeout or throttling.
    private static func isFinal(_ error: ExposureError) -> Bool {
        guard let status = error.status else { return false }
        return HTTPStatus.isPermanentRefusal(status)
    }
}
