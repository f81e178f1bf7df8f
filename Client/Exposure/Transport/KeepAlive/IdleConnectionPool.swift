import Synchronization

/// Open connections waiting for their next request, per server, the most recently used first.
///
/// Idle connections do not expire here: one the server has closed in the meantime is noticed
/// (and dropped, which closes it) when next taken.
final class IdleConnectionPool: Sendable {
    private let connections = Mutex<[ServerAddress: [SocketConnection]]>([:])
    private let limitPerServer: Int

    /// A pool keeping at most `limitPerServer` idle connections to each server.
    init(limitPerServer: Int) {
        self.limitPerServer = limitPerServer
    }

    /// An idle connection to `address` that still looks open, if there is one.
    func take(for address: ServerAddress) -> SocketConnection? {
        while let connection = connections.withLock({ $0[address]?.popLast() }) {
            if connection.isQuiet { return connection }
        }
        return nil
    }

    /// Keeps `connection` for a later request, unless enough are kept already.
    func put(_ connection: SocketConnection) {
        connections.withLock { connections in
            if connections[connection.address, default: []].count < limitPerServer {
                connections[connection.address, default: []].append(connection)
            }
        }
    }
}
