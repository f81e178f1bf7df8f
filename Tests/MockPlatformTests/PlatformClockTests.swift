import Clocks
import Testing

@testable import MockPlatform

@Suite struct PlatformClockTests {
    static func realTime() -> ManualClock { ManualClock(at: WallTime(millisecondsSince1970: 1_000_000)) }

    @Test func followsRealTimeByDefault() {
        let real = Self.realTime()
        let clock = PlatformClock(real: real)
        real.advance(by: .milliseconds(500))
        #expect(clock.nowMs() == 1_000_500)
        #expect(clock.offset() == .zero)
    }

    @Test func offsetAbsoluteAndRate() {
        let real = Self.realTime()
        let clock = PlatformClock(real: real)
        clock.set(offset: .seconds(60))
        #expect(clock.nowMs() == 1_060_000)
        clock.set(now: WallTime(millisecondsSince1970: 5_000_000), rate: 10)
        real.advance(by: .milliseconds(1000))
        #expect(clock.nowMs() == 5_010_000)
        clock.set(rate: 1)
        real.advance(by: .milliseconds(1000))
        #expect(clock.nowMs() == 5_011_000)
        clock.reset()
        #expect(clock.nowMs() == real.nowMs)
        #expect(clock.rate() == 1)
    }

    /// Set or run past either end of the platform's time, the clock stops there (a rate of 1e300
    /// once overflowed the next reading).
    @Test func readsWithinPlatformTimeWhateverItIsSetTo() {
        let real = Self.realTime()
        let clock = PlatformClock(real: real)
        clock.set(now: WallTime(millisecondsSince1970: 253_402_300_700_000), rate: 1_000_000)
        real.advance(by: .milliseconds(1_000))
        #expect(clock.nowMs() == 253_402_300_799_999)
        clock.set(now: WallTime(millisecondsSince1970: -5), rate: 1)
        #expect(clock.nowMs() == 0)
        clock.set(now: WallTime(millisecondsSince1970: 1_000), rate: 1e300)
        real.advance(by: .milliseconds(1))
        #expect(clock.nowMs() == 253_402_300_799_999)
    }

    @Test func anOffsetIsAnInstantOnlyWithinPlatformTime() {
        let clock = PlatformClock(real: Self.realTime())
        #expect(clock.realTime(plus: .seconds(60)) == WallTime(millisecondsSince1970: 1_060_000))
        #expect(clock.realTime(plus: .seconds(-1_000)) == WallTime(millisecondsSince1970: 0))
        #expect(clock.realTime(plus: .milliseconds(-1_000_001)) == nil)
        #expect(clock.realTime(plus: .milliseconds(Int64.max)) == nil)
        #expect(clock.realTime(plus: .milliseconds(Int64.min)) == nil)
    }

    /// A `Clock`'s sleep: at rate 10 a 10-s sleep takes 1 s of real time; on a frozen clock it
    /// waits until the clock is moved past its deadline.
    @Test(.timeLimit(.minutes(1))) func sleepsFollowTheRateAndTheClocksMoves() async throws {
        let real = Self.realTime()
        let clock = PlatformClock(real: real)
        clock.set(rate: 10)
        let tenSecondsOn = clock.now + .seconds(10)
        let fast = Task { try await clock.sleep(until: tenSecondsOn) }
        real.advance(by: .seconds(1))
        try await fast.value
        #expect(clock.nowMs() == 1_010_000)

        clock.set(rate: 0)
        let aMinuteOn = clock.now + .seconds(60)
        let frozen = Task { try await clock.sleep(until: aMinuteOn) }
        clock.set(now: WallTime(millisecondsSince1970: 1_010_000 + 30_000))
        clock.set(now: WallTime(millisecondsSince1970: 1_010_000 + 60_000))
        try await frozen.value
        #expect(clock.nowMs() == 1_070_000)
    }
}
