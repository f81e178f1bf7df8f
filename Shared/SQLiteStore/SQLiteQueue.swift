import Dispatch

/// The serial queue a `SQLiteDatabase`'s connection lives on, also usable as an actor's
/// executor: an actor whose `unownedExecutor` is the database's runs on this queue (a thread of
/// Dispatch's, never one of the cooperative pool), so its synchronous calls of the connection
/// neither block the pool nor let another of its calls in between.
final class SQLiteQueue: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: label) }

    /// Runs `work` after everything queued before it, on the queue's thread.
    func async(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }

    /// Runs `work` on the queue and waits for it, blocking the calling thread.
    func sync<Value>(_ work: () -> Value) -> Value { queue.sync(execute: work) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func checkIsolated() { dispatchPrecondition(condition: .onQueue(queue)) }
}
