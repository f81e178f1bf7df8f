import Foundation

/// The server's open connections, and the waits (delays, throttling) they sit in; what `stop()`
/// uses to end them all.
///
/// Each connection has a thread of its own, so a wait blocks only that connection; stopping
/// wakes every wait early, lets answers in progress finish for a short grace period, then shuts
/// the remaining sockets so their threads return.
final class ConnectionRegistry: @unchecked Sendable {
    // @unchecked: every stored property is only touched with `condition` locked.
    private let condition = NSCondition()
    private var open: [ObjectIdentifier: ConnectedSocket] = [:]
    private var parked = 0
    private var stopping = false

    /// Most connections served at once; more are closed as they arrive (each has a thread).
    static let maxConnections = 1000

    /// Registers a new connection; false (and the caller closes it) once the server is stopping
    /// or serves `maxConnections` already.
    func add(_ socket: ConnectedSocket) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping, open.count < Self.maxConnections else { return false }
        open[ObjectIdentifier(socket)] = socket
        return true
    }

    /// Forgets a connection whose thread is done with it.
    func remove(_ socket: ConnectedSocket) {
        condition.lock()
        defer { condition.unlock() }
        open[ObjectIdentifier(socket)] = nil
        condition.broadcast()
    }

    /// Whether `stop` has begun: connections answer what they hold and close.
    var isStopping: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopping
    }

    /// Waits `milliseconds` without holding anything but the calling thread. True when the
    /// time passed, false when the server began stopping first.
    func park(milliseconds: Int) -> Bool {
        // Measured on the monotonic clock: a wall-clock step must not stretch or cut a delay.
        let deadline = ContinuousClock.now + .milliseconds(max(0, milliseconds))
        condition.lock()
        defer { condition.unlock() }
        parked += 1
        defer { parked -= 1 }
        while !stopping {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return true }
            let (seconds, attoseconds) = remaining.components
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(seconds) + Double(attoseconds) / 1e18))
        }
        return false
    }

    /// Connections waiting in a delay or between throttled chunks now (for tests).
    var parkedCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return parked
    }

    /// Wakes every wait, stops reading from every connection (idle ones end at once), gives
    /// answers in progress `grace` to go out, then shuts the rest and waits for every thread.
    func stop(grace: TimeInterval = 2) {
        condition.lock()
        defer { condition.unlock() }
        stopping = true
        condition.broadcast()
        for socket in open.values { socket.shutdown(sending: false) }
        let deadline = Date(timeIntervalSinceNow: grace)
        while !open.isEmpty, condition.wait(until: deadline) {}
        for socket in open.values { socket.shutdown(sending: true) }
        while !open.isEmpty { condition.wait() }
    }
}
