import Clocks
import Foundation
import Testing

@Suite struct WallTimeTests {
    @Test func durationsRoundDownToTheMillisecondTowardsThePast() {
        #expect(Duration.milliseconds(1500).wholeMilliseconds == 1500)
        #expect((Duration.milliseconds(1) + .nanoseconds(999_999)).wholeMilliseconds == 1)
        #expect(Duration.nanoseconds(-1).wholeMilliseconds == -1)
        #expect((Duration.milliseconds(-2) - .nanoseconds(1)).wholeMilliseconds == -3)
        #expect(Duration.seconds(-3).wholeMilliseconds == -3000)
    }

    @Test func durationsBeyondTheMillisecondRangeSaturate() {
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == .max)
        #expect(Duration.seconds(Int64.min).wholeMilliseconds == .min)
    }

    @Test func fractionalMillisecondsKeepTheFractionBothWays() {
        #expect((Duration.milliseconds(12) + .microseconds(500)).fractionalMilliseconds == 12.5)
        #expect(Duration.seconds(3).fractionalMilliseconds == 3000)
        #expect((Duration.zero - .microseconds(250)).fractionalMilliseconds == -0.25)
        #expect(Duration.milliseconds(0.75) == .microseconds(750))
    }

    /// A journal entry's wait, written as `durationMs` and read back, is the same Duration: the
    /// 172,713,507 ns one (a request's handling under ThreadSanitizer) came back a few attoseconds
    /// off through `Duration.milliseconds(_:)` of the Double.
    @Test func wholeNanosecondsComeBackExactlyFromFractionalMilliseconds() {
        let waits: [Duration] = [
            .nanoseconds(172_713_507), .nanoseconds(538_300), .nanoseconds(1), .zero, .zero - .nanoseconds(250_001),
            .seconds(86_400 * 90) + .nanoseconds(999_999_999)
        ]
        for wait in waits {
            #expect(Duration.nearestNanosecond(milliseconds: wait.fractionalMilliseconds) == wait)
        }
        #expect(Duration.nearestNanosecond(milliseconds: 12.5) == .microseconds(12_500))
    }

    @Test func aDateRoundsDownAndComesBackAsTheSameMillisecond() {
        let time = WallTime(Date(timeIntervalSince1970: 1_700_000_000.1239))
        #expect(time.millisecondsSince1970 == 1_700_000_000_123)
        #expect(WallTime(time.date) == time)
        #expect(WallTime(Date(timeIntervalSince1970: -0.0005)).millisecondsSince1970 == -1)
        #expect(WallTime(Date(timeIntervalSince1970: 1.00999)).millisecondsSince1970 == 1_009)
    }

    /// A `Date` made from whole milliseconds is a `Double` a little off them: every instant
    /// still comes back as itself (rounded down at once, 1 in 25 came back a millisecond early).
    @Test func everyMillisecondComesBackFromItsDate() {
        // 100,000 instants from 1900 to 2200, a step apart that walks through every
        // millisecond of the second (it ends in 7).
        let instants = stride(from: Int64(-2_208_988_800_000), through: 7_258_118_400_000, by: 94_671_072_007)
        let early = instants.filter { milliseconds in
            let time = WallTime(millisecondsSince1970: milliseconds)
            return WallTime(time.date) != time
        }
        #expect(early.isEmpty, "\(early.count) instants came back changed, e.g. \(early.prefix(3))")
        // One of the instants that came back early before.
        let known = WallTime(millisecondsSince1970: 225_339_780_843)
        #expect(WallTime(known.date) == known)
    }

    @Test func arithmeticSaturatesInsteadOfTrapping() {
        let late = WallTime(millisecondsSince1970: .max - 1)
        #expect(late.advanced(by: .seconds(10)).millisecondsSince1970 == .max)
        let early = WallTime(millisecondsSince1970: .min + 1)
        #expect(early.advanced(by: .seconds(-10)).millisecondsSince1970 == .min)
        #expect(early.duration(to: late) == .milliseconds(Int64.max))
        #expect(late.duration(to: early) == .milliseconds(Int64.min))
    }

    @Test func instantsMeasureTheDurationBetweenThem() {
        let start = WallTime(millisecondsSince1970: 1_000)
        #expect(start.advanced(by: .milliseconds(2_500)).duration(to: start) == .milliseconds(-2_500))
        #expect(start < start.advanced(by: .milliseconds(1)))
    }

    @Test func theWiresSecondsRoundDownTowardsThePastAndSaturate() {
        #expect(WallTime(secondsSince1970: 1_700_000_000).millisecondsSince1970 == 1_700_000_000_000)
        #expect(WallTime(millisecondsSince1970: 1_700_000_000_999).secondsSince1970 == 1_700_000_000)
        #expect(WallTime(millisecondsSince1970: -1).secondsSince1970 == -1, "before 1970, towards the past")
        #expect(WallTime(millisecondsSince1970: -1_000).secondsSince1970 == -1)
        #expect(WallTime(secondsSince1970: .max).millisecondsSince1970 == .max)
        #expect(WallTime(secondsSince1970: .min).millisecondsSince1970 == .min)
        #expect(WallTime(secondsSince1970: -42).secondsSince1970 == -42)
    }
}
