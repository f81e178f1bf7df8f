import Clocks
import ExposureModels
import Testing

@testable import MockPlatform

/// The rules `GET /_mock/analytics/sessions/{id}` checks, one by one, on plain event lists.
@Suite struct AnalyticsSessionAnalysisTests {
    static let start: Int64 = 1_800_000_000_000

    /// Events of `(type, seconds after start)`, numbered from 1 in the order given.
    static func events(_ list: [(String, Int64)], numbered: Bool = true) -> [RecordedAnalyticsEvent] {
        list.enumerated().map { index, item in
            RecordedAnalyticsEvent(
                received: WallTime(millisecondsSince1970: start), accountId: "acc", sessionId: "s", clockOffset: nil,
                event: AnalyticsEvent(
                    eventType: item.0, timestamp: start + item.1 * 1000,
                    sequenceNumber: numbered ? Int64(index + 1) : nil))
        }
    }

    static func report(_ received: [RecordedAnalyticsEvent], idle: Bool = false, duplicates: Int = 0) -> AnalyticsSessionReport {
        AnalyticsSessionAnalysis(postIntervalSeconds: 60).report(
            sessionId: "s", received: received, duplicatesDropped: duplicates, idle: idle)
    }

    static let wellBehaved: [(String, Int64)] = [
        ("Playback.Created", 0), ("Device.Info", 0), ("Playback.HandshakeStarted", 0), ("Playback.PlayerReady", 1),
        ("Playback.Started", 1), ("Playback.Heartbeat", 61), ("Playback.Paused", 90), ("Playback.Resumed", 400),
        ("Playback.Heartbeat", 460), ("Playback.Completed", 500)
    ]

    @Test func aWellBehavedSessionHasNoProblems() {
        let report = Self.report(Self.events(Self.wellBehaved), duplicates: 2)
        #expect(report.problems == [])
        #expect(report.gaps == [])
        #expect(report.ended == .completed)
        #expect(report.heartbeats == 2)
        #expect(report.eventCount == 10)
        #expect(report.duplicatesDropped == 2)
        #expect(report.summary.events == nil)
        #expect(report.events?.count == 10)
    }

    @Test func eventsAreLaidOutInSequenceOrderWhateverOrderTheyArrived() {
        let received = Self.events(Self.wellBehaved)
        let shuffled = Array(received[5...]) + Array(received[..<5])
        let report = Self.report(shuffled)
        #expect(report.events == received)
        #expect(report.problems == [])
    }

    @Test func createdMustComeFirstWithNumberOne() {
        let report = Self.report(Self.events([("Playback.Started", 0), ("Playback.Created", 1)]))
        #expect(report.problems.map(\.rule) == [.createdFirst])
        #expect(report.problems.first?.sequenceNumber == 1)
    }

    @Test func missingNumbersAreNamed() {
        var received = Self.events(Self.wellBehaved)
        received.removeSubrange(2...3)
        let report = Self.report(received)
        #expect(report.problems.map(\.rule) == [.contiguousSequenceNumbers])
        #expect(report.problems.first?.message.contains("3…4 never arrived") == true)
    }

    @Test func eventsWithoutNumbersAreFlagged() {
        let report = Self.report(Self.events([("Playback.Created", 0)]) + Self.events([("Playback.Heartbeat", 30)], numbered: false))
        #expect(report.problems.map(\.rule) == [.sequenceNumberPresent])
    }

    @Test func timestampsMustNotGoBack() {
        let report = Self.report(Self.events([("Playback.Created", 10), ("Playback.Started", 5)]))
        #expect(report.problems.map(\.rule) == [.timestampsInOrder])
        #expect(report.problems.first?.sequenceNumber == 2)
    }

    @Test func playingLongerThanThePostIntervalWithoutAnEventIsAGap() {
        let report = Self.report(
            Self.events([
                ("Playback.Created", 0), ("Playback.Started", 0), ("Playback.Heartbeat", 62), ("Playback.Heartbeat", 132),
                ("Playback.Paused", 150), ("Playback.Resumed", 900), ("Playback.Aborted", 910)
            ]))
        // 62 s is within the 3 s slack; 70 s is not; 750 s paused is fine.
        #expect(report.gaps == [AnalyticsGap(afterSequenceNumber: 3, beforeSequenceNumber: 4, milliseconds: 70_000)])
        #expect(report.problems.map(\.rule) == [.heartbeatInterval])
        #expect(report.ended == .aborted)
    }

    @Test func exactlyOneTerminalEventAndNothingAfterIt() {
        let report = Self.report(
            Self.events([
                ("Playback.Created", 0), ("Playback.Started", 0), ("Playback.Completed", 10), ("Playback.Heartbeat", 11),
                ("Playback.Error", 12)
            ]))
        #expect(report.problems.map(\.rule) == [.nothingAfterTerminal, .nothingAfterTerminal, .oneTerminalEvent])
        #expect(report.problems.map(\.sequenceNumber) == [4, 5, 5])
        #expect(report.ended == .completed, "the first terminal event is how it ended")
    }

    @Test func aSessionThatIdledOutNeverSaidHowItEnded() {
        let received = Self.events([("Playback.Created", 0), ("Playback.Started", 0)])
        let idle = Self.report(received, idle: true)
        #expect(idle.ended == .idleTimeout)
        #expect(idle.problems.map(\.rule) == [.oneTerminalEvent])
        let open = Self.report(received, idle: false)
        #expect(open.ended == .open)
        #expect(open.problems == [], "a session still going has nothing missing yet")
    }

    @Test(arguments: ["Playback.Paused", "Playback.Resumed", "Playback.Completed"])
    func startedComesBeforePauseResumeAndCompleted(_ type: String) {
        let report = Self.report(Self.events([("Playback.Created", 0), (type, 1)]))
        #expect(report.problems.map(\.rule) == [.startedBeforeControls])
    }
}
