import MockPlatform
import Testing

/// `PlatformClock(realNow:)` and `PlatformClock.systemMilliseconds`, the spellings before the
/// platform clock ran over a `WallClock`, still compile and read the closure's time.
@Suite struct PlatformClockClosureSpellingTests {
    @available(*, deprecated, message: "calls the deprecated realNow: spelling on purpose")
    @Test func aClockOverARealNowClosureReadsItAndMovesFromIt() {
        let clock = PlatformClock(realNow: { 1_800_000_000_000 })
        #expect(clock.nowMs() == 1_800_000_000_000)
        clock.set(offsetMs: 60_000)
        #expect(clock.nowMs() == 1_800_000_060_000)
        let system: @Sendable () -> Int64 = PlatformClock.systemMilliseconds
        #expect(system() > 1_700_000_000_000, "milliseconds since 1970, not seconds")
    }
}
