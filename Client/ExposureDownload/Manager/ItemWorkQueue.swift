import Synchronization

/// Runs each item's work one piece after another, in the order it was enqueued.
///
/// A cancel must not delete files while the download it cancels is still being prepared, and a
/// seed-style call returns before its work runs: enqueuing is synchronous, so two calls in a row
/// run their work in call order.
final class ItemWorkQueue: Sendable {
    private let tails = Mutex<[String: Task<Void, Never>]>([:])

    /// Schedules `work` after everything enqueued for `key` so far.
    @discardableResult
    func enqueue<Value: Sendable>(
        _ key: String, _ work: @escaping @Sendable () async throws(OfflineManagerError) -> Value
    ) -> Task<Result<Value, OfflineManagerError>, Never> {
        tails.withLock { tails in
            let previous = tails[key]
            let task = Task { () -> Result<Value, OfflineManagerError> in
                await previous?.value
                do throws(OfflineManagerError) {
                    return .success(try await work())
                } catch {
                    return .failure(error)
                }
            }
            tails[key] = Task { _ = await task.value }
            return task
        }
    }

    /// Waits for everything enqueued so far.
    func drain() async {
        for task in tails.withLock({ Array($0.values) }) { await task.value }
    }
}
