import Foundation
import Testing
@testable import HTTPServer

/// Waits that block only their own connection, and a stop that ends them.
@Suite struct ConnectionRegistryTests {
    @Test func parkReturnsTrueOnceTheTimePassed() {
        let registry = ConnectionRegistry()
        let began = ContinuousClock.now
        #expect(registry.park(milliseconds: 20))
        #expect(ContinuousClock.now - began >= .milliseconds(20))
        #expect(registry.parkedCount == 0)
    }

    @Test func stopWakesEveryWaitAtOnce() async throws {
        let registry = ConnectionRegistry()
        let outcomes = Locked<[Bool]>([])
        let threads = (0..<5).map { _ in
            Thread {
                let finished = registry.park(milliseconds: 3_600_000)
                outcomes.withLock { $0.append(finished) }
            }
        }
        threads.forEach { $0.start() }
        await waitUntil("every thread waits") { registry.parkedCount == 5 }
        registry.stop()
        await waitUntil("every wait returned") { outcomes.withLock { $0.count } == 5 }
        #expect(outcomes.withLock { $0 } == Array(repeating: false, count: 5), "woken by the stop, not by their hour passing")
        #expect(registry.isStopping)
        #expect(!registry.park(milliseconds: 3_600_000), "no waiting once stopping")
    }
}
