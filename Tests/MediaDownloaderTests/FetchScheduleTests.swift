import Clocks
import ExposureDownload
import Testing

@Suite struct FetchScheduleTests {
    let first = MediaDownloadID(rawValue: "first")
    let second = MediaDownloadID(rawValue: "second")

    @Test func filesGoInPlanOrderUpToTheConnections() {
        var schedule = FetchSchedule(connections: 2)
        schedule.begin(first, pending: [0, 1, 2, 5])
        #expect(schedule.next(now: .at(0))?.position == 0)
        #expect(schedule.next(now: .at(0))?.position == 1)
        #expect(schedule.next(now: .at(0)) == nil, "two requests in flight")
        #expect(schedule.jobs(of: first) == 2)
    }

    @Test func aJobStoringItsBodyGivesItsConnectionToTheNextFile() {
        var schedule = FetchSchedule(connections: 2)
        schedule.begin(first, pending: Array(0..<10))
        let a = schedule.next(now: .at(0))!
        let b = schedule.next(now: .at(0))!
        schedule.received(a)
        schedule.received(b)
        let c = schedule.next(now: .at(0))!
        let d = schedule.next(now: .at(0))!
        #expect([c.position, d.position] == [2, 3])
        schedule.received(c)
        schedule.received(d)
        #expect(schedule.next(now: .at(0)) == nil, "at most 2 × connections jobs, which bounds the bodies held")
        schedule.ended(a)
        #expect(schedule.next(now: .at(0))?.position == 4)
    }

    @Test func downloadsAreServedInTheOrderTheyStarted() {
        var schedule = FetchSchedule(connections: 3)
        schedule.begin(first, pending: [0])
        schedule.begin(second, pending: [0, 1])
        #expect(
            [schedule.next(now: .at(0)), schedule.next(now: .at(0)), schedule.next(now: .at(0))].map { $0?.id } == [first, second, second])
    }

    @Test func aRetryWaitsUntilItIsDueAndThenGoesFirst() {
        var schedule = FetchSchedule(connections: 1)
        schedule.begin(first, pending: [0, 1, 2])
        let failed = schedule.next(now: .at(0))!
        schedule.ended(failed)
        schedule.retry(failed, due: .at(500))
        #expect(schedule.nextRetry == .at(500))
        let other = schedule.next(now: .at(100))!
        #expect(other.position == 1, "not due yet: the queue goes on")
        schedule.ended(other)
        #expect(schedule.next(now: .at(500))?.position == 0)
        #expect(schedule.nextRetry == nil)
    }

    @Test func aStoppedDownloadHandsOutNothingMore() {
        var schedule = FetchSchedule(connections: 4)
        schedule.begin(first, pending: [0, 1, 2])
        let running = schedule.next(now: .at(0))!
        schedule.retry(running, due: .at(10))
        schedule.stop(first)
        #expect(schedule.next(now: .at(100)) == nil)
        #expect(!schedule.isHandingOut(first))
        #expect(schedule.jobs(of: first) == 1, "the job in flight runs until it ends")
        schedule.ended(running)
        #expect(schedule.jobs(of: first) == 0)
        #expect(schedule.nextRetry == nil)
    }
}

extension WallTime {
    /// The instant `milliseconds` after 1970: the schedule's tests count time from there.
    fileprivate static func at(_ milliseconds: Int64) -> WallTime { WallTime(millisecondsSince1970: milliseconds) }
}
