import Clocks
import Foundation

/// Closes connections whose request head is not complete within a time limit of the connection
/// becoming ready for it (accepted, or its previous answer done), on the server's clock.
///
/// libmicrohttpd's own timeout counts time without traffic, so a client sending a byte now and
/// then keeps a head open for as long as it likes (a slow-loris). Here every head has a
/// deadline; a sweep once a second cuts the connections past theirs (`cut` shuts the socket
/// down, and libmicrohttpd closes the connection as it would for a client that left).
/// Everything happens under one lock, and libmicrohttpd reports a connection closed before it
/// closes the socket, so a cut can never reach a descriptor that another connection reuses.
package final class HeadDeadlines: @unchecked Sendable {
    // @unchecked: `watched` and `isStopped` are only touched with `lock` held.
    private struct Watched {
        let descriptor: Int32
        /// When the head must be complete; nil while a request is being answered.
        var deadline: WallTime?
    }

    private let lock = NSLock()
    private var watched: [UInt: Watched] = [:]
    private var isStopped = false
    private let clock: any WakingClock
    private let timeout: Duration
    private let cut: @Sendable (_ descriptor: Int32) -> Void

    /// How often deadlines are checked: a head is cut at most this long after its deadline.
    package static let sweepInterval = Duration.seconds(1)

    /// Deadlines `timeout` long on `clock`; `cut` ends a connection given its socket.
    package init(clock: any WakingClock, timeout: Duration, cut: @escaping @Sendable (_ descriptor: Int32) -> Void) {
        self.clock = clock
        self.timeout = timeout
        self.cut = cut
        scheduleSweep()
    }

    /// A new connection, whose first head is due within the timeout.
    package func opened(_ connection: UInt, descriptor: Int32) {
        let deadline = clock.now + timeout
        lock.withLock { watched[connection] = Watched(descriptor: descriptor, deadline: deadline) }
    }

    /// The connection's head arrived in time: no deadline while the request is answered.
    package func headCompleted(_ connection: UInt) {
        lock.withLock { watched[connection]?.deadline = nil }
    }

    /// The connection's request is done; the next head is due within the timeout.
    package func awaitingHead(_ connection: UInt) {
        let deadline = clock.now + timeout
        lock.withLock { watched[connection]?.deadline = deadline }
    }

    /// The connection is gone (libmicrohttpd has not closed its socket yet).
    package func closed(_ connection: UInt) {
        lock.withLock { watched[connection] = nil }
    }

    /// Connections waiting for a head now (for tests).
    package var awaitingCount: Int { lock.withLock { watched.values.filter { $0.deadline != nil }.count } }

    /// Stops cutting; the server calls this before it stops libmicrohttpd.
    package func stop() {
        lock.withLock { isStopped = true }
    }

    private func scheduleSweep() {
        clock.wake(at: clock.now + Self.sweepInterval) { [weak self] in self?.sweep() }
    }

    private func sweep() {
        let now = clock.now
        let running = lock.withLock { () -> Bool in
            guard !isStopped else { return false }
            for (connection, entry) in watched {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                cut(entry.descriptor)
                watched[connection]?.deadline = nil
            }
            return true
        }
        if running { scheduleSweep() }
    }
}
