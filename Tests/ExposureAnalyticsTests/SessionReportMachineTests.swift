import Clocks
import ExposureAnalytics
import ExposureModels
import Testing

/// The reporting rules as values: numbering, batching, heartbeats, retries, offline deferral.
@Suite struct SessionReportMachineTests {
    static let t0 = WallTime(millisecondsSince1970: 1_800_000_000_000)

    static func machine(deferred: Bool = false) -> SessionReportMachine {
        SessionReportMachine(heartbeatInterval: .seconds(60), deferred: deferred, commonFields: ["DeviceId": .string("d1")])
    }

    @Test func eventsAreNumberedFromOneAndCarryTheCommonFields() throws {
        var machine = Self.machine()
        let first = machine.record("Playback.Created", fields: ["AutoPlay": .bool(true)], offset: nil, at: Self.t0)
        let second = machine.record("Playback.Started", fields: [:], offset: .zero, at: Self.t0 + .milliseconds(10))
        let created = try #require(first)
        let started = try #require(second)
        #expect(created.sequenceNumber == 1 && started.sequenceNumber == 2)
        #expect(created["DeviceId"] == .string("d1") && created["AutoPlay"] == .bool(true))
        #expect(started.offsetTime == 0 && started.timestamp == (Self.t0 + .milliseconds(10)).millisecondsSince1970)
    }

    @Test func aBatchGoesThreeSecondsAfterItsFirstEventAndATerminalEventGoesAtOnce() {
        var machine = Self.machine()
        _ = machine.record("Playback.Created", fields: [:], offset: nil, at: Self.t0)
        let early = machine.advance(to: Self.t0 + .milliseconds(2_999), lastOffset: nil)
        #expect(early.send == nil && early.nextWake == Self.t0 + .seconds(3))
        #expect(machine.advance(to: Self.t0 + .seconds(3), lastOffset: nil).send?.map(\.sequenceNumber) == [1])
        machine.delivered()
        _ = machine.record("Playback.Aborted", fields: [:], offset: .milliseconds(5), at: Self.t0 + .seconds(4))
        #expect(machine.advance(to: Self.t0 + .seconds(4), lastOffset: nil).send?.map(\.eventType) == ["Playback.Aborted"])
        #expect(machine.record("Playback.Heartbeat", fields: [:], offset: nil, at: Self.t0 + .seconds(5)) == nil, "nothing after the end")
        machine.delivered()
        #expect(machine.ended && machine.isIdle)
        #expect(machine.advance(to: Self.t0 + .seconds(999), lastOffset: nil).nextWake == nil, "no heartbeats once ended")
    }

    @Test func heartbeatsFillEverySilentPostIntervalAtExactTimes() {
        var machine = Self.machine()
        _ = machine.record("Playback.Started", fields: [:], offset: .zero, at: Self.t0)
        let step = machine.advance(to: Self.t0 + .seconds(150), lastOffset: .seconds(150))
        #expect(step.heartbeats.map(\.timestamp) == [Self.t0 + .seconds(60), Self.t0 + .seconds(120)].map(\.millisecondsSince1970))
        #expect(step.heartbeats.map(\.sequenceNumber) == [2, 3])
        #expect(step.heartbeats.allSatisfy { $0.offsetTime == 150_000 })
        #expect(step.send?.count == 3)
        #expect(step.nextWake == Self.t0 + .seconds(183), "the next heartbeat is queued when its batch is due")
    }

    @Test func aSilentPlaybackWakesOncePerHeartbeatWhenItsBatchIsDue() {
        var machine = Self.machine()
        _ = machine.record("Playback.Started", fields: [:], offset: .zero, at: Self.t0)
        #expect(machine.advance(to: Self.t0 + .seconds(3), lastOffset: .zero).send?.count == 1)
        machine.delivered()
        #expect(machine.nextWake == Self.t0 + .seconds(63))
        let step = machine.advance(to: Self.t0 + .seconds(63), lastOffset: .zero)
        #expect(
            step.heartbeats.map(\.timestamp) == [Self.t0 + .seconds(60)].map(\.millisecondsSince1970), "dated a post interval after Started"
        )
        #expect(step.send?.map(\.eventType) == ["Playback.Heartbeat"], "and sent in the same wake")
    }

    @Test func heartbeatsOwedBeforeAnEventAreQueuedBeforeIt() {
        var machine = Self.machine()
        _ = machine.record("Playback.Started", fields: [:], offset: .zero, at: Self.t0)
        let owed = machine.heartbeatsOwed(by: Self.t0 + .seconds(125), lastOffset: .zero)
        let paused = machine.record("Playback.Paused", fields: [:], offset: .seconds(125), at: Self.t0 + .seconds(125))
        #expect(owed.map(\.timestamp) == [Self.t0 + .seconds(60), Self.t0 + .seconds(120)].map(\.millisecondsSince1970))
        #expect(owed.map(\.sequenceNumber) == [2, 3] && paused?.sequenceNumber == 4)
        #expect(
            machine.heartbeatsOwed(by: Self.t0 + .milliseconds(184_999), lastOffset: .zero).isEmpty,
            "the next is owed a post interval after Paused")
    }

    @Test func aFailedBatchKeepsItsNumbersAndBacksOffDoublingUpToAMinute() throws {
        var machine = Self.machine()
        _ = machine.record("Playback.Created", fields: [:], offset: nil, at: Self.t0)
        var now = Self.t0 + .seconds(3)
        _ = machine.advance(to: now, lastOffset: nil)
        var waits: [Duration] = []
        #expect(machine.failures == 0, "nothing failed yet")
        for _ in 0..<8 {
            machine.failed(at: now)
            _ = machine.record("Playback.Heartbeat", fields: [:], offset: nil, at: now)  // more arrives meanwhile
            let wakeAt = machine.advance(to: now, lastOffset: nil).nextWake
            let wake = try #require(wakeAt)
            #expect(machine.failures == waits.count + 1, "every failure in a row counts towards the backoff")
            waits.append(wake - now)
            now = wake
            let due = machine.advance(to: now, lastOffset: nil).send
            let retried = try #require(due)
            #expect(retried.first?.sequenceNumber == 1, "the failed events go first, with their numbers")
            let numbers = retried.compactMap(\.sequenceNumber)
            #expect(numbers == numbers.sorted())
        }
        #expect(waits == [1, 2, 4, 8, 16, 32, 60, 60].map(Duration.seconds))
        machine.delivered()
        #expect(machine.failures == 0 && machine.isIdle)
    }

    @Test func aDeferredSessionSendsNothingUntilFlushed() {
        var machine = Self.machine(deferred: true)
        _ = machine.record("Playback.Created", fields: [:], offset: nil, at: Self.t0)
        _ = machine.record("Playback.Completed", fields: [:], offset: .milliseconds(9), at: Self.t0 + .milliseconds(1))
        #expect(machine.advance(to: Self.t0 + .milliseconds(999_999), lastOffset: nil).send == nil)
        #expect(machine.takeBatch()?.count == 2)
    }
}
