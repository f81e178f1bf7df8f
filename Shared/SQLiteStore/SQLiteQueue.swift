import Dispatch

/// The serial queue a `SQLiteDatabase`'s connection lives on, also usable as an actor's
/// executor: an actor whose `unownedExecutor` is the database's runs on this queue (a thread of
/// Dispatch's, never one of the cooperative pool), so its synchronous calls of the connection
/// neither block the pool nor let another of its calls in between.
final class SQLiteQueue: SerialExecutor {
    private static let identity = DispatchSpecificKey<ObjectIdentifier>()
    private let queue: DispatchQueue
    /// The same queue as a task executor.
    let tasks: Tasks

    init(label: String) {
        queue = DispatchQueue(label: label)
        tasks = Tasks(queue)
        queue.setSpecific(key: Self.identity, value: ObjectIdentifier(self))
    }

    /// The queue as a `TaskExecutor`: the nonisolated code of a task created with it as its
    /// executor preference runs on the queue, taking turns with the jobs of the actor on it.
    final class Tasks: TaskExecutor {
        private let queue: DispatchQueue

        init(_ queue: DispatchQueue) { self.queue = queue }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    /// Whether the calling code runs on this queue (a job of the actor on it, or work it was handed).
    private var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.identity) == ObjectIdentifier(self) }

    /// Runs `work` after everything queued before it, on the queue's thread.
    func async(_ work: @escaping @Sendable () -> Void) { queue.async(execute: work) }

    /// Runs `work` on the queue and waits for it, blocking the calling thread; at once when the
    /// caller already runs on the queue (waiting for itself would never end).
    func sync<Value>(_ work: () -> Value) -> Value { isCurrent ? work() : queue.sync(execute: work) }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func checkIsolated() { dispatchPrecondition(condition: .onQueue(queue)) }
}
