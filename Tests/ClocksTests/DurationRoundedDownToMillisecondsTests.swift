import Clocks
import Testing

@Suite struct DurationRoundedDownToMillisecondsTests {
    @Test func aDurationKeepsItsWholeMillisecondsAndDropsTheRestTowardsThePast() {
        #expect(Duration.milliseconds(6_006).roundedDownToMilliseconds == .milliseconds(6_006))
        #expect(Duration.microseconds(2_002_667).roundedDownToMilliseconds == .milliseconds(2_002))
        #expect((Duration.milliseconds(1) + .nanoseconds(999_999)).roundedDownToMilliseconds == .milliseconds(1))
        #expect(Duration.nanoseconds(-1).roundedDownToMilliseconds == .milliseconds(-1))
        #expect(Duration.zero.roundedDownToMilliseconds == .zero)
    }

    @Test func aDurationBeyondTheMillisecondRangeSaturates() {
        #expect(Duration.seconds(Int64.max).roundedDownToMilliseconds == .milliseconds(Int64.max))
        #expect(Duration.seconds(Int64.min).roundedDownToMilliseconds == .milliseconds(Int64.min))
    }
}
