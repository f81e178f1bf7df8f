import Clocks
import Testing

@Suite struct VirtualClockTests {
    @Test func aFreeClockJumpsToEachDeadlineAsAStandardClock() async throws {
        let clock = VirtualClock(start: WallTime(millisecondsSince1970: 10_000))
        try await clock.sleep(for: .seconds(90))
        #expect(clock.now == WallTime(millisecondsSince1970: 100_000))
        try await clock.sleep(until: clock.now.advanced(by: .milliseconds(-5)), tolerance: nil)
        #expect(clock.nowMs == 100_000, "a deadline in the past returns without moving the clock back")
    }

    @Test func aWaitPastTheHorizonResumesWhenTheTestMovesIt() async throws {
        let clock = VirtualClock(start: WallTime(millisecondsSince1970: 0), horizon: WallTime(millisecondsSince1970: 1_000))
        async let woke: Void = clock.sleep(until: WallTime(millisecondsSince1970: 5_000), tolerance: nil)
        clock.advance(to: WallTime(millisecondsSince1970: 5_000))
        try await woke
        #expect(clock.nowMs == 5_000)
    }

    @Test func aRealClockNeverReadsBeforeTheSystemTimeItStartedAt() {
        let before = WallTime.systemNow
        let clock = RealClock(speed: 10)
        #expect(clock.now >= before)
    }
}

extension VirtualClockTests {
    @Test func aCancelledWaitPastTheHorizonEndsWithoutMovingTheClock() async {
        let clock = VirtualClock(start: WallTime(millisecondsSince1970: 0), horizon: WallTime(millisecondsSince1970: 1_000))
        let waiting = Task { try await clock.sleep(until: WallTime(millisecondsSince1970: 5_000), tolerance: nil) }
        waiting.cancel()
        await #expect(throws: CancellationError.self) { try await waiting.value }
        #expect(clock.nowMs == 0)
    }

    @Test func aHeldClockWaitsPastTheInstantItWasHeldAtUntilTheTestMovesIt() async throws {
        let clock = VirtualClock(start: WallTime(millisecondsSince1970: 0))
        try await clock.sleep(for: .seconds(90))
        clock.hold()
        #expect(clock.horizon == WallTime(millisecondsSince1970: 90_000))
        async let woke: Void = clock.sleep(until: WallTime(millisecondsSince1970: 150_000), tolerance: nil)
        clock.advance(by: .seconds(60))
        try await woke
        #expect(clock.nowMs == 150_000)
    }
}
