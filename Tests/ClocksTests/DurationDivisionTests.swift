import Clocks
import Testing

@Suite struct DurationDivisionTests {
    @Test func countsWholePeriodsRoundingTowardsMinusInfinity() {
        let period = Duration.seconds(2)
        #expect(Duration.zero.floorDivided(by: period) == 0)
        #expect(Duration.milliseconds(1_999).floorDivided(by: period) == 0)
        #expect(Duration.milliseconds(2_000).floorDivided(by: period) == 1)
        #expect(Duration.milliseconds(-1).floorDivided(by: period) == -1)
        #expect(Duration.milliseconds(-2_000).floorDivided(by: period) == -1)
        #expect(Duration.milliseconds(-2_001).floorDivided(by: period) == -2)
        #expect((Duration.seconds(2) - .nanoseconds(1)).floorDivided(by: period) == 0, "exact below the millisecond")
    }

    @Test func isExactWhereADoubleQuotientIsNot() {
        // 2⁵³ + 1 periods of 1 ms: a Double quotient rounds to 2⁵³.
        let count: Int64 = (1 << 53) + 1
        #expect(Duration.milliseconds(count).floorDivided(by: .milliseconds(1)) == count)
        #expect((Duration.milliseconds(count) - .nanoseconds(1)).floorDivided(by: .milliseconds(1)) == count - 1)
    }

    @Test func countsBeyondInt64Saturate() {
        #expect(Duration.seconds(Int64.max).floorDivided(by: .nanoseconds(1)) == .max)
        #expect(Duration.seconds(Int64.min).floorDivided(by: .nanoseconds(1)) == .min)
    }
}
