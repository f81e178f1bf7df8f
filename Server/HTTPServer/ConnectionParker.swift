import Dispatch
import Foundation

/// Holds connections set aside for a while (a delayed answer, a throttled body) so that no worker
/// thread sleeps, and wakes each one when its time comes or when the server stops.
///
/// libmicrohttpd must not be stopped while a connection is suspended, and a connection must not
/// be resumed after the daemon is gone. Doing every suspend and resume under one lock, and
/// refusing to park once `close()` has run, rules out both orders.
final class ConnectionParker: @unchecked Sendable {
    // @unchecked: `parked`, `nextTicket` and `isClosed` are only touched with `lock` held.
    private let lock = NSLock()
    private var parked: [Int: @Sendable () -> Void] = [:]
    private var nextTicket = 0
    private var isClosed = false
    private let timers = DispatchQueue(label: "HTTPServer.ConnectionParker")

    /// Runs `suspend` and arranges for `resume` to run after `milliseconds`, or at `close()` if
    /// that comes first. Returns false, without suspending, once the parker is closed: the caller
    /// must then answer at once.
    func park(milliseconds: Int, suspend: () -> Void, resume: @escaping @Sendable () -> Void) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return false }
        suspend()
        let ticket = nextTicket
        nextTicket += 1
        parked[ticket] = resume
        timers.asyncAfter(deadline: .now() + .milliseconds(max(0, milliseconds))) { [weak self] in
            self?.wake(ticket)
        }
        return true
    }

    /// Wakes every parked connection and refuses further parking.
    func close() {
        lock.lock()
        defer { lock.unlock() }
        isClosed = true
        for resume in parked.values { resume() }
        parked.removeAll()
    }

    /// How many connections are parked now.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return parked.count
    }

    private func wake(_ ticket: Int) {
        lock.lock()
        defer { lock.unlock() }
        parked.removeValue(forKey: ticket)?()
    }
}
