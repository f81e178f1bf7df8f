import Dispatch
import Testing

/// Runs each test of a suite on a serial queue of its own instead of the cooperative pool.
///
/// For tests that wait, in real time, on a peer: a server over a socket, a pipe, a child process,
/// the mock over HTTP. Every wait ends by resuming the test's task, and on the pool that
/// resumption queues behind every job already there. In the full parallel suite the pool (one
/// thread per core, two here) is full of tests starting and of synchronous tests that hold a
/// thread for seconds each: trivial tests reported 470 s, and tests that wait many times failed
/// their time limits, or their peer's patience, without ever having waited for the peer. On a
/// queue of its own the test's task, its child tasks and the default actors it calls
/// (`RawConnection`) run as soon as what they wait for is ready. Nothing blocks the queue: waits
/// still suspend.
public struct OwnQueueTrait: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(QueueTaskExecutor(label: test.name)) { try await function() }
    }
}

extension Trait where Self == OwnQueueTrait {
    /// Runs each test on a serial queue of its own, not the cooperative pool (see ``OwnQueueTrait``).
    public static var onItsOwnQueue: Self { Self() }
}

/// Runs the jobs of the tasks that prefer it, one at a time, on a dispatch queue of its own (a
/// serial queue, so dispatch gives it a thread of its own when it has work, beside the pool's).
final class QueueTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) { queue = DispatchQueue(label: "TestSupport.OwnQueue.\(label)") }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
