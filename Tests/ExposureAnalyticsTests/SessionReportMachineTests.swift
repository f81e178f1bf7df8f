import ExposureAnalytics
import ExposureModels
import Testing

/// The reporting rules as values: numbering, batching, heartbeats, retries, offline deferral.
@Suite struct SessionReportMachineTests {
    static let t0: Int64 = 1_800_000_000_000

    static func machine(deferred: Bool = false) -> SessionReportMachine {
        SessionReportMachine(heartbeatIntervalMs: 60_000, deferred: deferred, commonFields: ["DeviceId": .string("d1")])
    }

    @Test func eventsAreNumberedFromOneAndCarryTheCommonFields() throws {
        var machine = Self.machine()
        let first = machine.record("Playback.Created", fields: ["AutoPlay": .bool(true)], offsetMs: nil, atMs: Self.t0)
        let second = machine.record("Playback.Started", fields: [:], offsetMs: 0, atMs: Self.t0 + 10)
        let created = try #require(first)
        let started = try #require(second)
        #expect(created.sequenceNumber == 1 && started.sequenceNumber == 2)
        #expect(created["DeviceId"] == .string("d1") && created["AutoPlay"] == .bool(true))
        #expect(started.offsetTime == 0 && started.timestamp == Self.t0 + 10)
    }

    @Test func aBatchGoesThreeSecondsAfterItsFirstEventAndATerminalEventGoesAtOnce() {
        var machine = Self.machine()
        _ = machine.record("Playback.Created", fields: [:], offsetMs: nil, atMs: Self.t0)
        let early = machine.advance(toMs: Self.t0 + 2_999, lastOffsetMs: nil)
        #expect(early.send == nil && early.nextWakeMs == Self.t0 + 3_000)
        #expect(machine.advance(toMs: Self.t0 + 3_000, lastOffsetMs: nil).send?.map(\.sequenceNumber) == [1])
        machine.delivered()
        _ = machine.record("Playback.Aborted", fields: [:], offsetMs: 5, atMs: Self.t0 + 4_000)
        #expect(machine.advance(toMs: Self.t0 + 4_000, lastOffsetMs: nil).send?.map(\.eventType) == ["Playback.Aborted"])
        #expect(machine.record("Playback.Heartbeat", fields: [:], offsetMs: nil, atMs: Self.t0 + 5_000) == nil, "nothing after the end")
        machine.delivered()
        #expect(machine.ended && machine.isIdle)
        #expect(machine.advance(toMs: Self.t0 + 999_000, lastOffsetMs: nil).nextWakeMs == nil, "no heartbeats once ended")
    }

    @Test func heartbeatsFillEverySilentPostIntervalAtExactTimes() {
        var machine = Self.machine()
        _ = machine.record("Playback.Started", fields: [:], offsetMs: 0, atMs: Self.t0)
        let step = machine.advance(toMs: Self.t0 + 150_000, lastOffsetMs: 150_000)
        #expect(step.heartbeats.map(\.timestamp) == [Self.t0 + 60_000, Self.t0 + 120_000])
        #expect(step.heartbeats.map(\.sequenceNumber) == [2, 3])
        #expect(step.heartbeats.allSatisfy { $0.offsetTime == 150_000 })
        #expect(step.send?.count == 3)
        #expect(step.nextWakeMs == Self.t0 + 183_000, "the next heartbeat is queued when its batch is due")
    }

    @Test func aSilentPlaybackWakesOncePerHeartbeatWhenItsBatchIsDue() {
        var machine = Self.machine()
        _ = machine.record("Playback.Started", fields: [:], offsetMs: 0, atMs: Self.t0)
        #expect(machine.advance(toMs: Self.t0 + 3_000, lastOffsetMs: 0).send?.count == 1)
        machine.delivered()
        #expect(machine.nextWakeMs == Self.t0 + 63_000)
        let step = machine.advance(toMs: Self.t0 + 63_000, lastOffsetMs: 0)
        #expect(step.heartbeats.map(\.timestamp) == [Self.t0 + 60_000], "dated a post interval after Started")
        #expect(step.send?.map(\.eventType) == ["Playback.Heartbeat"], "and sent in the same wake")
    }

    @Test func heartbeatsOwedBeforeAnEventAreQueuedBeforeIt() {
        var machine = Self.machine()
        _ = machine.record("Playback.Started", fields: [:], offsetMs: 0, atMs: Self.t0)
        let owed = machine.heartbeatsOwed(byMs: Self.t0 + 125_000, lastOffsetMs: 0)
        let paused = machine.record("Playback.Paused", fields: [:], offsetMs: 125_000, atMs: Self.t0 + 125_000)
        #expect(owed.map(\.timestamp) == [Self.t0 + 60_000, Self.t0 + 120_000])
        #expect(owed.map(\.sequenceNumber) == [2, 3] && paused?.sequenceNumber == 4)
        #expect(machine.heartbeatsOwed(byMs: Self.t0 + 184_999, lastOffsetMs: 0).isEmpty, "the next is owed a post interval after Paused")
    }

    @Test func aFailedBatchKeepsItsNumbersAndBacksOffDoublingUpToAMinute() throws {
        var machine = Self.machine()
        _ = machine.record("Playback.Created", fields: [:], offsetMs: nil, atMs: Self.t0)
        var now = Self.t0 + 3_000
        _ = machine.advance(toMs: now, lastOffsetMs: nil)
        var waits: [Int64] = []
        #expect(machine.failures == 0, "nothing failed yet")
        for _ in 0..<8 {
            machine.failed(atMs: now)
            _ = machine.record("Playback.Heartbeat", fields: [:], offsetMs: nil, atMs: now)  // more arrives meanwhile
            let wakeAt = machine.advance(toMs: now, lastOffsetMs: nil).nextWakeMs
            let wake = try #require(wakeAt)
            #expect(machine.failures == waits.count + 1, "every failure in a row counts towards the backoff")
            waits.append(wake - now)
            now = wake
            let due = machine.advance(toMs: now, lastOffsetMs: nil).send
            let retried = try #require(due)
            #expect(retried.first?.sequenceNumber == 1, "the failed events go first, with their numbers")
            let numbers = retried.compactMap(\.sequenceNumber)
            #expect(numbers == numbers.sorted())
        }
        #expect(waits == [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000])
        machine.delivered()
        #expect(machine.failures == 0 && machine.isIdle)
    }

    @Test func aDeferredSessionSendsNothingUntilFlushed() {
        var machine = Self.machine(deferred: true)
        _ = machine.record("Playback.Created", fields: [:], offsetMs: nil, atMs: Self.t0)
        _ = machine.record("Playback.Completed", fields: [:], offsetMs: 9, atMs: Self.t0 + 1)
        #expect(machine.advance(toMs: Self.t0 + 999_999, lastOffsetMs: nil).send == nil)
        #expect(machine.takeBatch()?.count == 2)
    }
}
