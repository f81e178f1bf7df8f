import Clocks
import Foundation

/// Holds connections set aside for a while (a delayed answer, a throttled body) so that no worker
/// thread sleeps, and wakes each one when the server's clock reaches its deadline or when the
/// server stops.
///
/// libmicrohttpd must not be stopped while a connection is suspended, and a connection must not
/// be resumed after the daemon is gone. Doing every suspend and resume under one lock, and
/// refusing to park once `close()` has run, rules out both orders.
package final class ConnectionParker: @unchecked Sendable {
    // @unchecked: `parked`, `nextTicket` and `isClosed` are only touched with `lock` held.
    private let lock = NSLock()
    private var parked: [Int: @Sendable () -> Void] = [:]
    private var nextTicket = 0
    private var isClosed = false
    /// The clock deadlines are read from.
    package let clock: any WakingClock

    package init(clock: any WakingClock) { self.clock = clock }

    /// Runs `suspend` and arranges for `resume` to run once the clock reaches `deadline`, or at
    /// `close()` if that comes first. Returns false, without suspending, once the parker is
    /// closed: the caller must then answer at once.
    package func park(until deadline: WallTime, suspend: () -> Void, resume: @escaping @Sendable () -> Void) -> Bool {
        guard let ticket = park(suspend: suspend, resume: resume) else { return false }
        // Outside the lock: a clock may call back at once when the deadline has passed.
        clock.wake(at: deadline) { [weak self] in self?.wake(ticket) }
        return true
    }

    /// Runs `suspend` and keeps `resume` until ``wake(_:)`` is called with the ticket returned, or
    /// `close()` comes first. Returns nil, without suspending, once the parker is closed.
    package func park(suspend: () -> Void, resume: @escaping @Sendable () -> Void) -> Int? {
        lock.withLock {
            guard !isClosed else { return nil }
            suspend()
            defer { nextTicket += 1 }
            parked[nextTicket] = resume
            return nextTicket
        }
    }

    /// Resumes the connection parked with `ticket`, unless it was resumed already.
    package func wake(_ ticket: Int) {
        lock.withLock { parked.removeValue(forKey: ticket)?() }
    }

    /// Wakes every parked connection and refuses further parking.
    package func close() {
        lock.withLock {
            isClosed = true
            for resume in parked.values { resume() }
            parked.removeAll()
        }
    }

    /// How many connections are parked now.
    package var count: Int { lock.withLock { parked.count } }
}
