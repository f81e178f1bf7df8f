import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
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

/// Suspends the calling task, without holding any thread of the cooperative pool, until
/// `descriptor` is ready for `direction`, `timeout` has passed (nil: no limit) or the task is
/// cancelled. The descriptor is no longer watched when this returns, so the caller may close it.
func descriptorReady(_ descriptor: Int32, for direction: DescriptorDirection, within timeout: Duration?) async -> DescriptorReadiness {
    await DescriptorReactor.shared.wait(descriptor, direction, deadline: timeout.map { ContinuousClock.now + $0 })
}

/// One thread of its own that waits, in `poll`, on every descriptor a test waits on and on the
/// nearest deadline, and resumes each waiting task when its descriptor is ready. `poll` keeps no
/// registration: each round asks about the descriptors waited on now.
///
/// Not dispatch sources: in the full suite, with them, a test's socket was never heard from (the
/// journal-events test read nothing in 30 s, and passed alone), and the test process crashed
/// twice in dispatch's event loop (`_dispatch_event_loop_drain`: a bad pointer on the manager
/// thread). Dispatch keeps one epoll registration per descriptor number for the whole process,
/// shared with URLSession's libcurl sockets, whose sources are cancelled only after libcurl has
/// closed them: a new descriptor of the same number joins the stale registration.
private final class DescriptorReactor: Sendable {
    private struct Waiter {
        let descriptor: Int32
        let events: Int16
        let deadline: ContinuousClock.Instant?
        let continuation: CheckedContinuation<DescriptorReadiness, Never>
    }

    private struct State {
        var waiters: [UInt64: Waiter] = [:]
        var cancelledEarly: Set<UInt64> = []
        var nextToken: UInt64 = 0
    }

    static let shared = DescriptorReactor()
    /// A pipe whose write end wakes the thread to look at the waiters again.
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let state = Mutex(State())

    private init() {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("no pipe for the descriptor reactor (errno \(errno))") }
        (wakeRead, wakeWrite) = (ends[0], ends[1])
        for end in ends {
            makeNonBlocking(end)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let thread = Thread { [self] in run() }
        thread.name = "TestSupport.DescriptorReactor"
        thread.start()
    }

    func wait(_ descriptor: Int32, _ direction: DescriptorDirection, deadline: ContinuousClock.Instant?) async -> DescriptorReadiness {
        let token = state.withLock { state in
            defer { state.nextToken += 1 }
            return state.nextToken
        }
        let events = Int16(direction == .read ? POLLIN : POLLOUT)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = state.withLock { state in
                    guard state.cancelledEarly.remove(token) == nil else { return true }
                    state.waiters[token] = Waiter(descriptor: descriptor, events: events, deadline: deadline, continuation: continuation)
                    return false
                }
                guard !cancelled else { return continuation.resume(returning: .cancelled) }
                wake()
            }
        } onCancel: {
            let waiting = state.withLock { state in
                if state.waiters[token] == nil { state.cancelledEarly.insert(token) }
                return state.waiters[token] != nil
            }
            if waiting { finish(token, .cancelled) }
        }
    }

    /// Ends the wait `token` with `outcome`, unless it ended already.
    private func finish(_ token: UInt64, _ outcome: DescriptorReadiness) {
        state.withLock { $0.waiters.removeValue(forKey: token) }?.continuation.resume(returning: outcome)
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
    }

    private func run() {
        var drain = [UInt8](repeating: 0, count: 256)
        while true {
            let (tokens, watched, nearest) = state.withLock { state in
                let waiters = state.waiters.sorted { $0.key < $1.key }
                return (
                    waiters.map(\.key), waiters.map { pollfd(fd: $0.value.descriptor, events: $0.value.events, revents: 0) },
                    waiters.compactMap(\.value.deadline).min()
                )
            }
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)] + watched
            let timeout = nearest.map { deadline -> Int32 in
                let (seconds, attoseconds) = max(.zero, deadline - .now).components
                return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
            }
            guard poll(&descriptors, nfds_t(descriptors.count), timeout ?? -1) >= 0 || errno == EINTR else {
                fatalError("poll failed in the descriptor reactor (errno \(errno))")
            }
            if descriptors[0].revents != 0 { while Glibc.read(wakeRead, &drain, drain.count) > 0 {} }
            for (token, descriptor) in zip(tokens, descriptors.dropFirst()) where descriptor.revents != 0 { finish(token, .ready) }
            let now = ContinuousClock.now
            let overdue = state.withLock { $0.waiters.filter { $0.value.deadline.map { $0 <= now } ?? false }.map(\.key) }
            for token in overdue { finish(token, .timedOut) }
        }
    }
}
