import MockPlatformTesting
import Testing

/// The platform clock's spellings from before its offset became a `Duration` and its instants
/// `WallTime`s (`offsetMs()`, `set(nowMs:rate:)`, `set(offsetMs:rate:)`) still compile and move
/// the same clock.
@Suite struct PlatformClockMillisecondSpellingTests {
    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theMillisecondSpellingsMoveTheTypedClock() {
        let real = ManualClock(at: WallTime(millisecondsSince1970: 1_000_000))
        let clock = PlatformClock(real: real)
        clock.set(offsetMs: 60_000)
        #expect(clock.offsetMs() == 60_000 && clock.offset() == .seconds(60))
        clock.set(nowMs: 5_000_000, rate: 0)
        #expect(clock.now == WallTime(millisecondsSince1970: 5_000_000) && clock.rate() == 0)
    }
}
