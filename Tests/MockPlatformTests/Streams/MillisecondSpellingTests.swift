import MockPlatformTesting
import Testing

/// The fault types' initializers as spelled before their lengths of time became `Duration`s
/// (`delayMs:`, `staleForMs:`, `durationMs:`/`latencyMs:`) still compile and make the same values.
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
}
