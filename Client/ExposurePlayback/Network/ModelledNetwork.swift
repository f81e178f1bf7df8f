import Exposure
import Foundation
import Synchronization

/// A transport that really fetches through another one, then spends the time a network of
/// the modelled bandwidth and latency would have taken, on the playback clock.
///
/// Under a virtual clock a real fetch takes no time at all, so measured throughput would be
/// meaningless; with this wrapper ABR sees exactly the network a test describes, and a test
/// can drop the bandwidth at a given virtual instant and watch the player adapt.
public final class ModelledNetwork: HTTPTransport {
    /// Network conditions from an instant on.
    public struct Conditions: Sendable, Equatable {
        /// Throughput, bits/s.
        public var bandwidthBitsPerSecond: Int
        /// Time to first byte, ms.
        public var latencyMs: Int64

        /// Conditions.
        public init(bandwidthBitsPerSecond: Int, latencyMs: Int64 = 0) {
            self.bandwidthBitsPerSecond = bandwidthBitsPerSecond
            self.latencyMs = latencyMs
        }
    }

    private let upstream: any HTTPTransport
    private let clock: any WallClock
    /// Conditions by the instant they take effect, in order.
    private let schedule: Mutex<[(fromMs: Int64, conditions: Conditions)]>

    /// A network over `upstream` with `conditions` from the start.
    public init(upstream: any HTTPTransport, clock: any WallClock, conditions: Conditions) {
        self.upstream = upstream
        self.clock = clock
        schedule = Mutex([(Int64.min, conditions)])
    }

    /// Changes the conditions from `instantMs` on (now when nil).
    public func set(_ conditions: Conditions, fromMs instantMs: Int64? = nil) {
        let from = instantMs ?? clock.nowMs
        schedule.withLock { entries in
            entries.removeAll { $0.fromMs >= from }
            entries.append((from, conditions))
        }
    }

    /// The conditions at `instantMs`.
    public func conditions(atMs instantMs: Int64) -> Conditions {
        schedule.withLock { entries in entries.last { $0.fromMs <= instantMs }?.conditions ?? entries[0].conditions }
    }

    /// Fetches, then waits out the modelled transfer time of the response body.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let started = clock.nowMs
        let response = try await upstream.send(request)
        let conditions = conditions(atMs: started)
        let transferMs = Int64(response.body.count) * 8 * 1000 / Int64(max(conditions.bandwidthBitsPerSecond, 1))
        try await clock.sleep(untilMs: started + conditions.latencyMs + transferMs)
        return response
    }
}
