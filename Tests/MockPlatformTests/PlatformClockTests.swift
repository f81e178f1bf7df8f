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
}
