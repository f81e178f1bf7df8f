import Exposure
import Foundation

/// Fires ad tracking beacons (plain GETs) without holding playback up: one background task
/// sends them in the order they were queued, so the ad server sees impression before start
/// before the quartiles. Failures are dropped, as ad SDKs do: a lost beacon is not an error.
final class BeaconDispatcher: Sendable {
    private let queue: AsyncStream<URL>.Continuation
    private let worker: Task<Void, Never>

    /// A dispatcher sending through `transport` (not the stream transport: a modelled network
    /// would spend playback clock time on beacons).
    init(transport: any HTTPTransport) {
        let (stream, queue) = AsyncStream.makeStream(of: URL.self)
        self.queue = queue
        worker = Task {
            for await url in stream { _ = try? await transport.send(TransportRequest(method: .get, url: url)) }
        }
    }

    /// Queues `urls` (unparseable ones are skipped).
    func fire(_ urls: [String]) {
        for url in urls.compactMap(URL.init(string:)) { queue.yield(url) }
    }

    /// Sends what is queued, then stops taking more.
    func drain() async {
        queue.finish()
        await worker.value
    }
}
