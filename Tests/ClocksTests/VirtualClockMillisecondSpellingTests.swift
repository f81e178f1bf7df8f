import Clocks
import Testing

/// The virtual clock's spellings from before its instants became `WallTime`s and its steps
/// `Duration`s (`VirtualClock(startMs:horizonMs:)`, `horizonMs`, `advance(to:)` and
/// `advance(by:)` in milliseconds) still compile and move the same clock.
@Suite struct VirtualClockMillisecondSpellingTests {
    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theMillisecondSpellingsMoveTheTypedClock() async throws {
        let clock = VirtualClock(startMs: 1_000, horizonMs: 2_000)
        #expect(clock.now == WallTime(millisecondsSince1970: 1_000))
        #expect(clock.horizonMs == 2_000 && clock.horizon == WallTime(millisecondsSince1970: 2_000))
        clock.advance(to: 5_000)
        #expect(clock.horizon == WallTime(millisecondsSince1970: 5_000))
        clock.advance(by: 3_000)
        #expect(clock.horizonMs == 8_000)
        try await clock.sleep(until: WallTime(millisecondsSince1970: 8_000), tolerance: nil)
        #expect(clock.now == WallTime(millisecondsSince1970: 8_000))
        #expect(VirtualClock(startMs: 0).horizon == VirtualClock.noHorizon)
    }
}
