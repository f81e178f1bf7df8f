import Clocks
import Testing

@Suite struct BackoffTests {
    @Test func waitsDoubleFromTheFirstUpToTheLongest() {
        let backoff = Backoff(first: .milliseconds(250), longest: .seconds(4))
        #expect((1...7).map(backoff.delay(beforeRetry:)) == [250, 500, 1_000, 2_000, 4_000, 4_000, 4_000].map(Duration.milliseconds))
    }

    @Test func retriesBeforeTheFirstCountAsTheFirst() {
        let backoff = Backoff(first: .seconds(1), longest: .seconds(60))
        #expect(backoff.delay(beforeRetry: 0) == .seconds(1))
        #expect(backoff.delay(beforeRetry: -5) == .seconds(1))
    }

    @Test func aHugeRetryCountStopsAtTheLongestWithoutOverflowing() {
        let backoff = Backoff(first: .milliseconds(1), longest: .seconds(300))
        #expect(backoff.delay(beforeRetry: .max) == .seconds(300))
    }
}
