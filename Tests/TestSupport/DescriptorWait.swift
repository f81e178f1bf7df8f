import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What ended a wait for a descriptor.
enum DescriptorReadiness: Sendable, Equatable {
    /// The descriptor can be read (or written) now, or it reached its end or failed: the next
    /// read (or write) will not block.
    case ready
    /// The time limit passed first.
    case timedOut
    /// The waiting task was cancelled first.
    case cancelled
}

/// Which readiness to wait for.
enum DescriptorDirection: Sendable {
    case read
    case write
}

/// Suspends the calling task, without holding any thread, until `descriptor` is ready for
/// `direction`, `timeout` has passed (nil: no limit) or the task is cancelled.
///
/// The descriptor is watched by a dispatch source on a queue of its own; the wait returns only
/// once that source is torn down, so the caller may close the descriptor as soon as it returns.
func descriptorReady(_ descriptor: Int32, for direction: DescriptorDirection, within timeout: Duration?) async -> DescriptorReadiness {
    let wait = DescriptorWait(descriptor, direction)
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in wait.start(continuation, timeout: timeout) }
    } onCancel: {
        wait.finish(.cancelled)
    }
}

/// One wait: a dispatch source on the descriptor and a timer; whichever fires first (or the
/// task's cancellation) decides the outcome, and the continuation is resumed from the source's
/// cancel handler, once the kernel no longer watches the descriptor.
private final class DescriptorWait: Sendable {
    private struct State {
        var outcome: DescriptorReadiness?
        var continuation: CheckedContinuation<DescriptorReadiness, Never>?
    }

    private static let queue = DispatchQueue(label: "TestSupport.DescriptorWait")
    private let state = Mutex(State())
    // Unchecked: set once here; after that only `activate()` and `cancel()` are called on it,
    // which dispatch allows from any thread.
    private nonisolated(unsafe) let source: any DispatchSourceProtocol

    init(_ descriptor: Int32, _ direction: DescriptorDirection) {
        source =
            switch direction {
            case .read: DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: Self.queue)
            case .write: DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: Self.queue)
            }
    }

    /// Arms the source and the timer; `continuation` is resumed with the outcome (at once, after
    /// the source is torn down, when the wait was cancelled before it started).
    func start(_ continuation: CheckedContinuation<DescriptorReadiness, Never>, timeout: Duration?) {
        let decided = state.withLock { state in
            state.continuation = continuation
            return state.outcome != nil
        }
        source.setEventHandler { [weak self] in self?.finish(.ready) }
        // Weak: `descriptorReady` holds the wait until its continuation is resumed, from here.
        source.setCancelHandler { [weak self] in self?.tearDown() }
        source.activate()
        if decided {
            source.cancel()
        } else if let timeout {
            // Weak: a wait decided earlier is gone by then, or ignores it.
            Self.queue.asyncAfter(deadline: .now() + timeout.dispatchInterval) { [weak self] in self?.finish(.timedOut) }
        }
    }

    /// Decides the outcome, unless one was decided already, and tears the source down (once it
    /// is armed: `start` cancels it when the outcome came first).
    func finish(_ outcome: DescriptorReadiness) {
        let armed = state.withLock { state -> Bool? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            return state.continuation != nil
        }
        if armed == true { source.cancel() }
    }

    private func tearDown() {
        let (continuation, outcome) = state.withLock { state in
            defer { state.continuation = nil }
            return (state.continuation, state.outcome ?? .cancelled)
        }
        continuation?.resume(returning: outcome)
    }
}

extension Duration {
    /// This duration for dispatch's timers, to the nanosecond.
    var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = max(self, .zero).components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
