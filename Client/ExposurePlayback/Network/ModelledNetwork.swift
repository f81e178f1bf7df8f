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
        /// Time to first byte.
        public var latency: Duration

        /// Conditions.
        public init(bandwidthBitsPerSecond: Int, latency: Duration = .zero) {
            self.bandwidthBitsPerSecond = bandwidthBitsPerSecond
            self.latency = latency
        }
    }

    private let upstream: any HTTPTransport
    private let clock: any WallClock
    /// Conditions by the instant they take effect, in order.
    private let schedule: Mutex<[(from: WallTime, conditions: Conditions)]>

    /// A network over `upstream` with `conditions` from the start.
    public init(upstream: any HTTPTransport, clock: any WallClock, conditions: Conditions) {
        self.upstream = upstream
        self.clock = clock
        schedule = Mutex([(WallTime(millisecondsSince1970: .min), conditions)])
    }

    /// Changes the conditions from `instant` on (now when nil).
    public func set(_ conditions: Conditions, from instant: WallTime? = nil) {
        let from = instant ?? clock.now
        schedule.withLock { entries in
            entries.removeAll { $0.from >= from }
            entries.append((from, conditions))
        }
    }

    /// The conditions at `instant`.
    public func conditions(at instant: WallTime) -> Conditions {
        schedule.withLock { entries in entries.last { $0.from <= instant }?.conditions ?? entries[0].conditions }
    }

    /// Fetches, then waits out the modelled transfer time of the response body.
    public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let started = clock.now
        let response = try await upstream.send(request)
        let conditions = conditions(at: started)
        let transfer = Duration.milliseconds(Int64(response.body.count) * 8 * 1000 / Int64(max(conditions.bandwidthBitsPerSecond, 1)))
        try await clock.sleep(until: started + conditions.latency + transfer, tolerance: nil)
        return response
    }
}
