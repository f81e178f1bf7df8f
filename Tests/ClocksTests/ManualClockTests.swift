import Clocks
import Synchronization
import Testing

@Suite struct ManualClockTests {
    static let start = WallTime(millisecondsSince1970: 1_000)

    /// What call-backs ran, in order.
    final class Calls: Sendable {
        let names = Mutex<[String]>([])
        func add(_ name: String) { names.withLock { $0.append(name) } }
        var all: [String] { names.withLock { $0 } }
    }

    @Test func callBacksRunWhenTheClockIsMovedPastTheirDeadlinesEarliestFirst() {
        let (clock, calls) = (ManualClock(at: Self.start), Calls())
        clock.wake(at: Self.start + .seconds(2)) { calls.add("two") }
        clock.wake(at: Self.start + .seconds(1)) { calls.add("one") }
        clock.wake(at: Self.start) { calls.add("now") }
        #expect(calls.all == ["now"], "a deadline already reached runs at once")
        #expect(clock.pendingWakes == 2)
        clock.advance(by: .milliseconds(999))
        #expect(calls.all == ["now"])
        clock.advance(by: .seconds(5))
        #expect(calls.all == ["now", "one", "two"])
        #expect(clock.now == Self.start + .milliseconds(5_999))
        clock.advance(to: Self.start)
        #expect(clock.now == Self.start + .milliseconds(5_999), "the clock never goes back")
    }

    @Test(.timeLimit(.minutes(1))) func aSleepReturnsOnceTheTestMovesTheClockThatFar() async throws {
        let clock = ManualClock(at: Self.start)
        try await clock.sleep(until: Self.start, tolerance: nil)
        let deadline = Self.start + .seconds(30)
        async let slept: Void = clock.sleep(until: deadline, tolerance: nil)
        clock.advance(to: deadline)
        try await slept
        #expect(clock.now == deadline)
    }

    @Test(.timeLimit(.minutes(1))) func untilWaitingReturnsOnceThatManyCallBacksArePending() async {
        let clock = ManualClock(at: Self.start)
        async let waited: Void = clock.untilWaiting(2)
        clock.wake(at: Self.start + .seconds(1)) {}
        clock.wake(at: Self.start + .seconds(2)) {}
        await waited
        #expect(clock.pendingWakes == 2)
    }

    @Test(.timeLimit(.minutes(1))) func aCancelledSleepThrowsAndLeavesTheClockWhereItWas() async {
        let clock = ManualClock(at: Self.start)
        let sleep = Task { try await clock.sleep(until: Self.start + .seconds(10), tolerance: nil) }
        sleep.cancel()
        await #expect(throws: CancellationError.self) { try await sleep.value }
        #expect(clock.now == Self.start)
    }
}
