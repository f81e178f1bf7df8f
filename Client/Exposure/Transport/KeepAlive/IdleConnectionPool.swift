import Synchronization

/// Open connections waiting for their next request, per server, the most recently used first.
///
/// A connection unused for longer than the pool's idle time is closed the next time the pool is
/// used, so connections to servers no longer talked to do not pile up. One the server closed in
/// the meantime is noticed (and dropped, which closes it) when taken.
final class IdleConnectionPool: Sendable {
    private struct Idle {
        let connection: SocketConnection
        let since: ContinuousClock.Instant
    }

    private let idle = Mutex<[ServerAddress: [Idle]]>([:])
    private let limitPerServer: Int
    private let maximumIdleTime: Duration

    /// A pool keeping at most `limitPerServer` idle connections to each server, each for at most
    /// `maximumIdleTime`.
    init(limitPerServer: Int, maximumIdleTime: Duration) {
        self.limitPerServer = limitPerServer
        self.maximumIdleTime = maximumIdleTime
    }

    /// An idle connection to `address` that still looks open, if there is one.
    func take(for address: ServerAddress) -> SocketConnection? {
        while let connection = withoutExpired({ idle -> SocketConnection? in
            guard let newest = idle[address]?.popLast() else { return nil }
            if idle[address]?.isEmpty == true { idle[address] = nil }
            return newest.connection
        }) {
            if connection.isQuiet { return connection }
        }
        return nil
    }

    /// Keeps `connection` for a later request, unless enough are kept already.
    func put(_ connection: SocketConnection) {
        withoutExpired { idle in
            if idle[connection.address, default: []].count < limitPerServer {
                idle[connection.address, default: []].append(Idle(connection: connection, since: .now))
            }
        }
    }

    /// Runs `body` on the pool after taking out the connections idle for too long, which close
    /// when released: after the lock.
    private func withoutExpired<Result>(_ body: (inout [ServerAddress: [Idle]]) -> Result) -> Result {
        let oldest = ContinuousClock.now - maximumIdleTime
        let (result, expired) = idle.withLock { idle in
            // Lists are oldest first, so their first entry tells.
            let stale = idle.compactMap { address, connections in (connections.first?.since ?? oldest) < oldest ? address : nil }
            var expired: [Idle] = []
            for address in stale {
                let connections = idle[address]!
                expired += connections.filter { $0.since < oldest }
                let kept = connections.filter { $0.since >= oldest }
                idle[address] = kept.isEmpty ? nil : kept
            }
            return (body(&idle), expired)
        }
        withExtendedLifetime(expired) {}
        return result
    }
}
