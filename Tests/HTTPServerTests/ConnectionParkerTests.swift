import Clocks
import HTTPServer
import Testing

/// Parking as a value: which resumes run when, on a clock the test moves.
@Suite struct ConnectionParkerTests {
    @Test func resumesWhenTheClockReachesTheDeadline() {
        let clock = ManualClock()
        let parker = ConnectionParker(clock: clock)
        let calls = Recorded<String>()
        let parked = parker.park(until: clock.now + .seconds(10), suspend: { calls.add("suspend") }, resume: { calls.add("resume") })
        #expect(parked)
        #expect(calls.all == ["suspend"])
        #expect(parker.count == 1)
        clock.advance(by: .milliseconds(9_999))
        #expect(calls.all == ["suspend"], "resumed before its deadline")
        clock.advance(by: .milliseconds(1))
        #expect(calls.all == ["suspend", "resume"])
        #expect(parker.count == 0)
    }

    @Test func closeResumesEveryConnectionOnceAndRefusesMore() {
        let clock = ManualClock()
        let parker = ConnectionParker(clock: clock)
        let calls = Recorded<String>()
        for name in ["a", "b"] {
            _ = parker.park(until: clock.now + .seconds(60), suspend: {}, resume: { calls.add(name) })
        }
        parker.close()
        #expect(calls.all.sorted() == ["a", "b"])
        let parkedAfterClose = parker.park(until: clock.now + .seconds(1), suspend: { calls.add("late suspend") }, resume: {})
        #expect(!parkedAfterClose)
        clock.advance(by: .seconds(60))
        #expect(calls.all.sorted() == ["a", "b"], "a connection was resumed twice")
    }
}
