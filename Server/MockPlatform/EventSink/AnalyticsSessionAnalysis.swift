import Clocks
import ExposureModels

/// Checks one play session's events against the rules a backend relies on and lays out its
/// timeline: a pure function of what was received, so every rule is a plain unit test.
struct AnalyticsSessionAnalysis {
    /// The session's post interval, seconds (`analytics.postInterval` of its entitlement).
    let postIntervalSeconds: Int
    /// How late a heartbeat may be before it counts as missing: players time heartbeats from
    /// their last event, and batches go out about every 3 s, so a little slack is normal.
    static let heartbeatSlack: Duration = .seconds(3)

    /// Events that only make sense once `Playback.Started` has been sent.
    private static let needStarted: Set<String> = [AnalyticsEventType.paused, AnalyticsEventType.resumed, AnalyticsEventType.completed]

    /// The report for `received` (in arrival order, duplicates already dropped). `idle` says the
    /// platform gave the session up for silence.
    func report(
        sessionId: String, received: [RecordedAnalyticsEvent], duplicatesDropped: Int, idle: Bool
    ) -> AnalyticsSessionReport {
        let events = Self.inSequenceOrder(received)
        var walk = Walk(allowedSilence: .seconds(postIntervalSeconds) + Self.heartbeatSlack)
        for event in events { walk.visit(event.event) }
        if walk.terminalCount == 0, idle {
            walk.problems.append(
                AnalyticsProblem(
                    rule: .oneTerminalEvent, sequenceNumber: nil,
                    message: "The session went silent for three post intervals without Completed, Aborted or Error."))
        }
        return AnalyticsSessionReport(
            sessionId: sessionId, accountId: received.first?.accountId ?? "", eventCount: events.count,
            heartbeats: events.count(where: { $0.event.eventType == AnalyticsEventType.heartbeat }),
            duplicatesDropped: duplicatesDropped, ended: walk.end ?? (idle ? .idleTimeout : .open),
            gaps: walk.gaps, problems: walk.problems, events: events)
    }

    /// Numbered events by number; unnumbered ones keep their place after the numbered event
    /// that arrived before them.
    static func inSequenceOrder(_ received: [RecordedAnalyticsEvent]) -> [RecordedAnalyticsEvent] {
        var lastNumber: Int64 = 0
        let keyed = received.enumerated().map { index, recorded in
            if let number = recorded.event.sequenceNumber { lastNumber = number }
            return (number: lastNumber, numbered: recorded.event.sequenceNumber != nil, index: index, recorded: recorded)
        }
        return keyed.sorted { a, b in
            if a.number != b.number { return a.number < b.number }
            if a.numbered != b.numbered { return a.numbered }
            return a.index < b.index
        }.map(\.recorded)
    }

    /// The rules, applied event by event in sequence order.
    private struct Walk {
        /// The longest time between two events while playing.
        let allowedSilence: Duration
        var problems: [AnalyticsProblem] = []
        var gaps: [AnalyticsGap] = []
        var end: AnalyticsSessionEnd?
        var terminalCount = 0
        private var previous: AnalyticsEvent?
        private var expectedNumber: Int64 = 1
        private var started = false
        private var playing = false

        init(allowedSilence: Duration) { self.allowedSilence = allowedSilence }

        mutating func visit(_ event: AnalyticsEvent) {
            let number = event.sequenceNumber
            checkOrder(event)
            if let previous {
                if event.timestamp < previous.timestamp {
                    report(
                        .timestampsInOrder, number,
                        "\(event.eventType) has Timestamp \(event.timestamp), before the \(previous.timestamp) of the event it follows.")
                }
                let silence = Duration.milliseconds(event.timestamp - previous.timestamp)
                if playing, end == nil, silence > allowedSilence {
                    gaps.append(
                        AnalyticsGap(
                            afterSequenceNumber: previous.sequenceNumber, beforeSequenceNumber: number,
                            milliseconds: silence.wholeMilliseconds))
                    report(
                        .heartbeatInterval, number,
                        "\(silence.wholeMilliseconds / 1000) s passed while playing without an event; the post interval allows"
                            + " \(allowedSilence.wholeMilliseconds / 1000) s.")
                }
            }
            if end != nil {
                report(.nothingAfterTerminal, number, "\(event.eventType) arrived after the session had ended.")
            }
            if AnalyticsSessionAnalysis.needStarted.contains(event.eventType), !started {
                report(.startedBeforeControls, number, "\(event.eventType) came before Playback.Started.")
            }
            apply(event)
            previous = event
        }

        private mutating func checkOrder(_ event: AnalyticsEvent) {
            guard let number = event.sequenceNumber else {
                report(.sequenceNumberPresent, nil, "\(event.eventType) has no SequenceNumber.")
                return
            }
            if previous == nil, event.eventType != AnalyticsEventType.created || number != 1 {
                report(
                    .createdFirst, number,
                    "The first event is \(event.eventType) with SequenceNumber \(number); it must be Playback.Created with 1.")
            } else if number != expectedNumber, previous != nil {
                let missing = number > expectedNumber ? "\(expectedNumber)…\(number - 1) never arrived" : "it repeats an earlier number"
                report(.contiguousSequenceNumbers, number, "SequenceNumber \(number) follows \(expectedNumber - 1): \(missing).")
            }
            expectedNumber = max(expectedNumber, number + 1)
        }

        private mutating func apply(_ event: AnalyticsEvent) {
            switch event.eventType {
            case AnalyticsEventType.started, AnalyticsEventType.resumed:
                started = started || event.eventType == AnalyticsEventType.started
                playing = true
            case AnalyticsEventType.paused:
                playing = false
            case AnalyticsEventType.completed, AnalyticsEventType.aborted, AnalyticsEventType.error:
                terminalCount += 1
                if terminalCount == 2 {
                    report(.oneTerminalEvent, event.sequenceNumber, "A second terminal event, \(event.eventType), arrived.")
                }
                playing = false
                end = end ?? Self.end(of: event.eventType)
            default:
                break
            }
        }

        private static func end(of terminalType: String) -> AnalyticsSessionEnd {
            switch terminalType {
            case AnalyticsEventType.completed: .completed
            case AnalyticsEventType.aborted: .aborted
            default: .error
            }
        }

        private mutating func report(_ rule: AnalyticsRule, _ number: Int64?, _ message: String) {
            problems.append(AnalyticsProblem(rule: rule, sequenceNumber: number, message: message))
        }
    }
}
