import Foundation
import HLS
import HTTPServer
import MockPlatformTesting
import Testing

@testable import MockPlatform

/// Network schedules: steps, traces and presets laid out on time, and answers held back by the
/// step's latency plus their transfer time, on the server clock.
@Suite struct NetworkScheduleTests {
    typealias Step = NetworkSchedule.Step

    @Test func stepsHoldTheLastOneOrLoop() {
        let steps = [Step(duration: .seconds(10), kbps: 800), Step(duration: .seconds(5), kbps: 200, latency: .milliseconds(100))]
        let held = NetworkTimeline(steps: steps, loops: false)
        #expect(held.step(after: .milliseconds(0)).kbps == 800)
        #expect(held.step(after: .milliseconds(9_999)).kbps == 800)
        #expect(held.step(after: .milliseconds(10_000)).kbps == 200)
        #expect(held.step(after: .milliseconds(99_000)).kbps == 200)
        let looped = NetworkTimeline(steps: steps, loops: true)
        #expect(looped.step(after: .milliseconds(15_000)).kbps == 800)
        #expect(looped.step(after: .milliseconds(26_000)).kbps == 200)
    }

    @Test func anAnswerIsHeldForTheLatencyPlusItsTransferTime() {
        // 100 kB at 800 kbit/s: 1 s; plus 100 ms latency.
        #expect(
            NetworkTimeline.hold(bytes: 100_000, under: Step(duration: .milliseconds(1), kbps: 800, latency: .milliseconds(100)))
                == .milliseconds(1_100))
    }

    @Test func theRulesOwnDeliveryIsHeldOnlyForTheBytesThatLeave() {
        let step = Step(duration: .milliseconds(1), kbps: 800, latency: .milliseconds(100))
        #expect(NetworkTimeline.shaped(bytes: 100_000, as: .immediate, under: step) == (.milliseconds(1_100), .immediate))
        #expect(
            NetworkTimeline.shaped(bytes: 100_000, as: .truncated(afterBytes: 10_000), under: step) == (
                .milliseconds(200), .truncated(afterBytes: 10_000)
            )
        )
        #expect(NetworkTimeline.shaped(bytes: 100_000, as: .dropConnection, under: step) == (.milliseconds(100), .dropConnection))
        // 10 kB/s is 80 kbit/s, narrower than the step: the throttle paces the body after the latency.
        #expect(
            NetworkTimeline.shaped(bytes: 100_000, as: .throttled(bytesPerSecond: 10_000), under: step) == (
                .milliseconds(100), .throttled(bytesPerSecond: 10_000)
            ))
        // 1 MB/s is wider than the step: the step decides.
        #expect(
            NetworkTimeline.shaped(bytes: 100_000, as: .throttled(bytesPerSecond: 1_000_000), under: step) == (
                .milliseconds(1_100), .immediate
            ))
    }

    @Test func aNetworkRuleKeepsItsDelayAndItsCut() throws {
        let mock = try InProcessPlatform(serverClock: ManualClock())
        try mock.platform.inject(
            FaultRule(
                path: "^/media/", delay: .milliseconds(50), truncateAfterBytes: 1_000,
                network: NetworkSchedule(steps: [Step(duration: .seconds(60), kbps: 800)])))
        let response = mock.get("/media/reel/video/360p/seg-004.ts?asset=city-lights&seq=4")
        #expect(
            response.delivery == .delayed(.milliseconds(50 + 10), then: .truncated(afterBytes: 1_000)), "1,000 bytes at 800 kbit/s: 10 ms")
    }

    @Test func aTraceBecomesStepsAndEveryPresetIsUsable() throws {
        let steps = try NetworkSchedule(trace: "# time kbit/s\n0 1000\n2.5, 300\n\n10\t50  # slow\n").resolvedSteps().get()
        #expect(
            steps == [
                Step(duration: .milliseconds(2_500), kbps: 1_000), Step(duration: .milliseconds(7_500), kbps: 300),
                Step(duration: .seconds(60), kbps: 50)
            ])
        for name in NetworkSchedule.presets.keys.sorted() {
            #expect(throws: Never.self, "\(name)") { try NetworkSchedule(preset: name).resolvedSteps().get() }
        }
    }

    @Test(arguments: [
        (NetworkSchedule(trace: "0 100\n5 fast\n"), "network.trace line 2"),
        (NetworkSchedule(trace: "1 100\n"), "line 1: the first point must be at 0 s"),
        (NetworkSchedule(trace: "0 100\n5 200\n5 300\n"), "line 3: times must rise"),
        (NetworkSchedule(trace: "# nothing\n"), "holds no"),
        (NetworkSchedule(preset: "5g"), "network.preset 5g is unknown"),
        (NetworkSchedule(steps: [Step(duration: .milliseconds(0), kbps: 1)]), "network.steps[0]"),
        (NetworkSchedule(preset: "lte", trace: "0 1"), "exactly one of")
    ])
    func aBadScheduleIsRefusedNamingWhatIsWrong(schedule: NetworkSchedule, reason: String) throws {
        let platform = try InProcessPlatform()
        #expect {
            try platform.platform.inject(FaultRule(stream: StreamTarget(), network: schedule))
        } throws: { error in
            (error as? FaultRuleError)?.message.contains(reason) == true
        }
    }

    @Test func theScheduleRunsOnTheServerClockForTheTargetedPlaySessionOnly() throws {
        let serverClock = ManualClock()
        let mock = try InProcessPlatform(serverClock: serverClock)
        try mock.platform.inject(
            FaultRule(
                stream: StreamTarget(playSessionId: "shaped"),
                network: NetworkSchedule(steps: [
                    Step(duration: .seconds(10), kbps: 800), Step(duration: .seconds(10), kbps: 200, latency: .milliseconds(100))
                ]))
        )
        let playlist = try mock.mediaPlaylist("/streams/vod/city-lights/default/video/360p.m3u8")
        let uri = try #require(playlist.segments.first?.uri)
        let shaped = [(StreamRequest.playSessionHeader, "shaped")]
        let first = mock.get(uri, headers: shaped)
        let bits = first.body.count * 8
        #expect(first.delivery == .delayed(.milliseconds((bits + 799) / 800), then: .immediate))
        serverClock.advance(by: .seconds(10))
        #expect(mock.get(uri, headers: shaped).delivery == .delayed(.milliseconds(100 + (bits + 199) / 200), then: .immediate))
        #expect(mock.get(uri, headers: [(StreamRequest.playSessionHeader, "other")]).delivery == .immediate)
        #expect(mock.get(uri).delivery == .immediate)
    }

    /// Every bundled video segment under each preset's first step: the time it is held back
    /// (less the latency) gives back the step's rate within 5 %.
    @Test func theMeasuredThroughputOfASegmentIsTheSteps() throws {
        let serverClock = ManualClock()
        for name in NetworkSchedule.presets.keys.sorted() {
            let mock = try InProcessPlatform(serverClock: serverClock)
            let step = try #require(try NetworkSchedule(preset: name).resolvedSteps().get().first)
            try mock.platform.inject(FaultRule(path: "^/media/", network: NetworkSchedule(preset: name)))
            for rendition in ["180p", "270p", "360p"] {
                let response = mock.get("/media/reel/video/\(rendition)/seg-004.ts?asset=city-lights&seq=4")
                guard case .delayed(let hold, .immediate) = response.delivery else {
                    Issue.record("\(name): \(response.delivery)")
                    continue
                }
                let holdMs = Int(hold.wholeMilliseconds)
                let measuredKbps = Double(response.body.count * 8) / Double(holdMs - Int((step.latency ?? .zero).wholeMilliseconds))
                #expect(abs(measuredKbps - Double(step.kbps)) / Double(step.kbps) < 0.05, "\(name) \(rendition): \(measuredKbps) kbit/s")
            }
        }
    }

    /// The same over a real socket on the manual server clock: the segment is still held 1 ms
    /// before its latency plus transfer time at the step's rate, and arrives whole once the
    /// clock reaches it, so the throughput the client measures on that clock (its bytes over
    /// the time from request to arrival, less the latency) is the step's within 5 %.
    @Test(.timeLimit(.minutes(1))) func overARealSocketASegmentArrivesAtTheStepsThroughput() async throws {
        let clock = ManualClock()
        try await withPlatform(serverClock: clock) { platform, client in
            let segment = "/media/reel/video/360p/seg-004.ts?asset=city-lights&seq=4"
            let size = try await client.send("GET", segment).body.count
            let step = Step(duration: .seconds(600), kbps: 400, latency: .milliseconds(150))
            try platform.inject(FaultRule(path: "^/media/", network: NetworkSchedule(steps: [step])))
            let requestedAt = clock.now
            let answer = Task { try await client.send("GET", segment) }
            await platform.untilParked(on: clock)
            let holdMs = 150 + (size * 8 + 399) / 400
            clock.advance(by: .milliseconds(holdMs - 1))
            #expect(platform.parkedConnections == 1, "held until its transfer time has passed")
            clock.advance(by: .milliseconds(1))
            let response = try await answer.value
            let transfer = clock.now - requestedAt - .milliseconds(150)
            #expect(response.status == 200)
            #expect(response.body.count == size, "every byte arrives")
            let measuredKbps =
                Double(size * 8) / (Double(transfer.components.seconds) * 1000 + Double(transfer.components.attoseconds) / 1e15)
            #expect(abs(measuredKbps - 400) / 400 < 0.05, "\(measuredKbps) kbit/s")
        }
    }
}
