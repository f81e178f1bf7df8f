import Clocks
import HTTPServer
import Testing

/// Head deadlines as a value: which sockets are cut when, on a clock the test moves.
@Suite struct HeadDeadlinesTests {
    static func make(_ clock: ManualClock, _ cuts: Recorded<Int32>) -> HeadDeadlines {
        HeadDeadlines(clock: clock, timeout: .seconds(10), cut: { cuts.add($0) })
    }

    @Test func aHeadNotCompleteInTimeIsCutOnce() {
        let (clock, cuts) = (ManualClock(), Recorded<Int32>())
        let heads = Self.make(clock, cuts)
        heads.opened(1, descriptor: 41)
        clock.advance(by: .seconds(9))
        #expect(cuts.all.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(cuts.all == [41])
        clock.advance(by: .seconds(10))
        #expect(cuts.all == [41], "cut twice")
    }

    @Test func aCompletedHeadHasNoDeadlineUntilItsRequestIsDone() {
        let (clock, cuts) = (ManualClock(), Recorded<Int32>())
        let heads = Self.make(clock, cuts)
        heads.opened(1, descriptor: 41)
        clock.advance(by: .seconds(5))
        heads.headCompleted(1)
        clock.advance(by: .seconds(60))
        #expect(cuts.all.isEmpty, "a request being answered was cut")
        heads.awaitingHead(1)
        clock.advance(by: .seconds(9))
        #expect(cuts.all.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(cuts.all == [41], "the next head had no deadline")
    }

    @Test func closedAndStoppedConnectionsAreNeverCut() {
        let (clock, cuts) = (ManualClock(), Recorded<Int32>())
        let heads = Self.make(clock, cuts)
        heads.opened(1, descriptor: 41)
        heads.opened(2, descriptor: 42)
        heads.closed(1)
        heads.awaitingHead(1)
        #expect(heads.awaitingCount == 1, "a closed connection came back")
        heads.stop()
        clock.advance(by: .seconds(30))
        #expect(cuts.all.isEmpty)
    }
}
