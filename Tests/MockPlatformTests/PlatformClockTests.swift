import Synchronization
import Testing

@testable import MockPlatform

@Suite struct PlatformClockTests {
    final class ManualTime: Sendable {
        let now = Mutex<Int64>(1_000_000)
        func advance(_ ms: Int64) { now.withLock { $0 += ms } }
    }

    @Test func followsRealTimeByDefault() {
        let real = ManualTime()
        let clock = PlatformClock(realNow: { real.now.withLock { $0 } })
        real.advance(500)
        #expect(clock.nowMs() == 1_000_500)
        #expect(clock.offsetMs() == 0)
    }

    @Test func offsetAbsoluteAndRate() {
        let real = ManualTime()
        let clock = PlatformClock(realNow: { real.now.withLock { $0 } })
        clock.set(offsetMs: 60_000)
        #expect(clock.nowMs() == 1_060_000)
        clock.set(nowMs: 5_000_000, rate: 10)
        real.advance(1000)
        #expect(clock.nowMs() == 5_010_000)
        clock.set(rate: 1)
        real.advance(1000)
        #expect(clock.nowMs() == 5_011_000)
        clock.reset()
        #expect(clock.nowMs() == real.now.withLock { $0 })
        #expect(clock.rate() == 1)
    }

    /// Set or run past either end of the platform's time, the clock stops there (a rate of 1e300
    /// once overflowed the next reading).
    @Test func readsWithinPlatformTimeWhateverItIsSetTo() {
        let real = ManualTime()
        let clock = PlatformClock(realNow: { real.now.withLock { $0 } })
        clock.set(nowMs: 253_402_300_700_000, rate: 1_000_000)
        real.advance(1_000)
        #expect(clock.nowMs() == 253_402_300_799_999)
        clock.set(nowMs: -5, rate: 1)
        #expect(clock.nowMs() == 0)
        clock.set(nowMs: 1_000, rate: 1e300)
        real.advance(1)
        #expect(clock.nowMs() == 253_402_300_799_999)
    }

    @Test func anOffsetIsAnInstantOnlyWithinPlatformTime() {
        let clock = PlatformClock(realNow: { 1_000_000 })
        #expect(clock.realTime(plusMs: 60_000) == 1_060_000)
        #expect(clock.realTime(plusMs: -1_000_000) == 0)
        #expect(clock.realTime(plusMs: -1_000_001) == nil)
        #expect(clock.realTime(plusMs: .max) == nil)
        #expect(clock.realTime(plusMs: .min) == nil)
    }
}
