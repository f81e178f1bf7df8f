import MockPlatformTesting
import Testing

/// The fault types' initializers and properties as spelled before their lengths of time became
/// `Duration`s (`delayMs`, `staleForMs`, `durationMs`/`latencyMs`) still compile and make the same values.
@Suite struct MillisecondSpellingTests {
    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theMillisecondLabelsMakeTheDurationValues() {
        #expect(FaultRule(path: "^/a$", status: 503, delayMs: 1_500) == FaultRule(path: "^/a$", status: 503, delay: .milliseconds(1_500)))
        #expect(FaultRule(path: "^/a$", delayMs: nil, drop: true) == FaultRule(path: "^/a$", drop: true))
        #expect(PlaylistFault(staleForMs: 30_000) == PlaylistFault(staleFor: .seconds(30)))
        #expect(
            NetworkSchedule.Step(durationMs: 60_000, kbps: 800, latencyMs: 40)
                == NetworkSchedule.Step(duration: .seconds(60), kbps: 800, latency: .milliseconds(40)))
        #expect(NetworkSchedule.Step(durationMs: 1, kbps: 1) == NetworkSchedule.Step(duration: .milliseconds(1), kbps: 1))
    }

    @available(*, deprecated, message: "calls the deprecated millisecond spellings on purpose")
    @Test func theMillisecondPropertiesReadAndWriteTheDurations() {
        var rule = FaultRule(path: "^/a$", delay: .milliseconds(1_500))
        #expect(rule.delayMs == 1_500)
        rule.delayMs = 250
        #expect(rule.delay == .milliseconds(250))
        rule.delayMs = nil
        #expect(rule.delay == nil && rule.delayMs == nil)
        rule.delay = .microseconds(2_999)
        #expect(rule.delayMs == 2, "whole milliseconds, as the wire writes them")

        var change = PlaylistFault(staleFor: .seconds(30))
        #expect(change.staleForMs == 30_000)
        change.staleForMs = 5
        #expect(change.staleFor == .milliseconds(5))

        var step = NetworkSchedule.Step(duration: .seconds(60), kbps: 800, latency: .milliseconds(40))
        #expect(step.durationMs == 60_000 && step.latencyMs == 40)
        step.durationMs = 1_000
        step.latencyMs = nil
        #expect(step == NetworkSchedule.Step(duration: .seconds(1), kbps: 800))
    }
}
