import Exposure
import Synchronization

/// The server's wall time as the player estimates it: the offset from the playback clock measured
/// against `GET /v1/…/time` (half the round trip counted as the way back), cached until refreshed.
final class ServerTimeEstimate: Sendable {
    private let offset = Mutex<Duration?>(nil)
    private let environment: Environment
    private let transport: any HTTPTransport
    private let clock: any WallClock

    init(environment: Environment, transport: any HTTPTransport, clock: any WallClock) {
        self.environment = environment
        self.transport = transport
        self.clock = clock
    }

    /// The server's time now; nil until synchronised.
    var now: WallTime? { offset.withLock { $0 }.map { clock.now + $0 } }

    /// The server's time now, asking the server first unless a cached offset will do.
    func now(forceRefresh: Bool) async -> WallTime? {
        if !forceRefresh, let now { return now }
        let sent = clock.now
        guard let server = try? await FetchServerTime(environment: environment, transport: transport).request() else { return now }
        let received = clock.now
        let measured = WallTime(millisecondsSince1970: server.epochMillis) - (sent + (received - sent) / 2)
        offset.withLock { $0 = measured }
        return received + measured
    }
}
