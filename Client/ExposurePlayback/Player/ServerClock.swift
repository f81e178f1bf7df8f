import Exposure
import Synchronization

/// The server's wall clock as the player knows it: the offset from the playback clock measured
/// against `GET /v1/…/time` (half the round trip counted as the way back), cached until refreshed.
final class ServerClock: Sendable {
    private let offsetMs = Mutex<Int64?>(nil)
    private let environment: Environment
    private let transport: any HTTPTransport
    private let clock: any WallClock

    init(environment: Environment, transport: any HTTPTransport, clock: any WallClock) {
        self.environment = environment
        self.transport = transport
        self.clock = clock
    }

    /// The server's time now, ms since 1970; nil until synchronised.
    var nowMs: Int64? { offsetMs.withLock { $0 }.map { clock.nowMs + $0 } }

    /// The server's time now, asking the server first unless a cached offset will do.
    func now(forceRefresh: Bool) async -> Int64? {
        if !forceRefresh, let now = nowMs { return now }
        let sent = clock.nowMs
        guard let server = try? await FetchServerTime(environment: environment, transport: transport).request() else { return nowMs }
        let received = clock.nowMs
        let offset = server.epochMillis - (sent + (received - sent) / 2)
        offsetMs.withLock { $0 = offset }
        return received + offset
    }
}
