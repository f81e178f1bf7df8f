import Foundation
import Testing
@testable import HTTPServer

@Suite struct ConnectionParkerTests {
    @Test func resumesAfterTheDelay() async {
        let parker = ConnectionParker()
        let suspended = Locked(false)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            let parked = parker.park(
                milliseconds: 10,
                suspend: { suspended.withLock { $0 = true } },
                resume: { done.resume() }
            )
            #expect(parked)
        }
        #expect(suspended.withLock { $0 })
        #expect(parker.count == 0)
    }

    @Test func closeResumesEverythingAtOnceAndOnlyOnce() {
        let parker = ConnectionParker()
        let resumed = Locked(0)
        for _ in 0..<5 {
            _ = parker.park(milliseconds: 60_000, suspend: {}, resume: { resumed.withLock { $0 += 1 } })
        }
        #expect(parker.count == 5)
        parker.close()
        parker.close()
        #expect(resumed.withLock { $0 } == 5)
        #expect(parker.count == 0)
    }

    @Test func refusesToParkOnceClosed() {
        let parker = ConnectionParker()
        parker.close()
        let suspended = Locked(false)
        let parked = parker.park(milliseconds: 1, suspend: { suspended.withLock { $0 = true } }, resume: {})
        #expect(!parked)
        #expect(!suspended.withLock { $0 })
    }
}
