import Dispatch
import Foundation
import Synchronization

/// Dedicated threads for blocking socket work, so it never occupies Swift's cooperative pool
/// (one thread per core: a request blocking one would stall every task beside it).
///
/// A job goes straight to the most recently parked thread, woken by its own semaphore: the
/// cheapest hand-over measured on the 2-core Linux box, 10–20 µs there and back, against ~25 µs
/// through a serial `DispatchQueue` and ~50 µs for a new thread per job (the global queues are
/// cheaper only because they share their threads with the cooperative pool). Threads start on
/// demand up to ``maximumThreads``, beyond which jobs wait their turn, and end after
/// ``idleLifetime`` without work.
final class SocketThreads: Sendable {
    /// The threads every ``KeepAliveHTTPTransport`` shares.
    static let shared = SocketThreads()

    /// At most this many requests block at once; more wait for one of them to finish.
    static let maximumThreads = 64
    /// A thread with nothing to do for this long ends.
    static let idleLifetime = DispatchTimeInterval.seconds(10)

    typealias Job = @Sendable () -> Void

    /// A parked thread: the job it is handed, and the semaphore that wakes it.
    private final class Parked: Sendable {
        let wake = DispatchSemaphore(value: 0)
        let job = Mutex<Job?>(nil)
    }

    private struct State {
        var parked: [Parked] = []
        var waiting: [Job] = []
        var threads = 0
    }

    private let state = Mutex(State())

    /// Runs `work` on one of the threads and returns its result.
    func run<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            submit { continuation.resume(with: Result(catching: work)) }
        }
    }

    private func submit(_ job: @escaping Job) {
        enum Placement { case handed(Parked), newThread, queued }
        let placement = state.withLock { state -> Placement in
            if let parked = state.parked.popLast() { return .handed(parked) }
            guard state.threads < Self.maximumThreads else {
                state.waiting.append(job)
                return .queued
            }
            state.threads += 1
            return .newThread
        }
        switch placement {
        case .handed(let parked):
            parked.job.withLock { $0 = job }
            parked.wake.signal()
        case .newThread:
            let thread = Thread { self.work(startingWith: job) }
            thread.name = "KeepAliveHTTPTransport"
            thread.start()
        case .queued:
            break
        }
    }

    private func work(startingWith first: @escaping Job) {
        let parked = Parked()
        var next: Job? = first
        while let job = next {
            job()
            next = nextJob(parking: parked)
        }
    }

    /// A waiting job, else the one handed over while parked; nil when the thread should end.
    private func nextJob(parking parked: Parked) -> Job? {
        let waiting = state.withLock { state -> Job? in
            if !state.waiting.isEmpty { return state.waiting.removeFirst() }
            state.parked.append(parked)
            return nil
        }
        if let waiting { return waiting }
        if parked.wake.wait(timeout: .now() + Self.idleLifetime) == .timedOut {
            let retired = state.withLock { state in
                guard let index = state.parked.firstIndex(where: { $0 === parked }) else { return false }
                state.parked.remove(at: index)
                state.threads -= 1
                return true
            }
            if retired { return nil }
            // Handed a job just as the wait ran out: its signal is on the way.
            parked.wake.wait()
        }
        return parked.job.withLock { job in
            defer { job = nil }
            return job
        }
    }
}
