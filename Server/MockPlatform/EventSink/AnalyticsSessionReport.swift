/// One play session's analytics as the platform received them, checked against the rules an
/// analytics backend relies on: `GET /_mock/analytics/sessions/{id}`.
public struct AnalyticsSessionReport: Codable, Sendable, Equatable {
    /// The batches' `SessionId` (the entitlement's `playSessionId`).
    public var sessionId: String
    /// The account whose token sent the first batch.
    public var accountId: String
    /// How many distinct events were recorded.
    public var eventCount: Int
    /// How many of them were `Playback.Heartbeat`.
    public var heartbeats: Int
    /// Events dropped because one with the same `SequenceNumber` had already arrived.
    public var duplicatesDropped: Int
    /// How the session ended, or `open` while it goes on.
    public var ended: AnalyticsSessionEnd
    /// Stretches of playing time longer than the post interval without an event.
    public var gaps: [AnalyticsGap]
    /// Every rule the session breaks, in the order of its events; empty for a well-behaved player.
    public var problems: [AnalyticsProblem]
    /// The events in `SequenceNumber` order (the order they arrived in for events without one);
    /// nil in the session list, which summarises.
    public var events: [RecordedAnalyticsEvent]?

    /// A report.
    public init(
        sessionId: String, accountId: String, eventCount: Int, heartbeats: Int, duplicatesDropped: Int,
        ended: AnalyticsSessionEnd, gaps: [AnalyticsGap], problems: [AnalyticsProblem], events: [RecordedAnalyticsEvent]?
    ) {
        self.sessionId = sessionId
        self.accountId = accountId
        self.eventCount = eventCount
        self.heartbeats = heartbeats
        self.duplicatesDropped = duplicatesDropped
        self.ended = ended
        self.gaps = gaps
        self.problems = problems
        self.events = events
    }

    /// The same report without its events, as `GET /_mock/analytics/sessions` lists it.
    public var summary: AnalyticsSessionReport {
        var summary = self
        summary.events = nil
        return summary
    }
}

/// How a play session's reporting ended.
public enum AnalyticsSessionEnd: String, Codable, Sendable, Equatable {
    /// `Playback.Completed` arrived.
    case completed
    /// `Playback.Aborted` arrived.
    case aborted
    /// `Playback.Error` arrived.
    case error
    /// No terminal event, and three post intervals passed without any event: the platform gave
    /// the session up and freed its stream slot.
    case idleTimeout
    /// No terminal event yet, and the session is still alive.
    case open
}

/// Playing time with no event for longer than the post interval allows.
public struct AnalyticsGap: Codable, Sendable, Equatable {
    /// The event before the silence.
    public var afterSequenceNumber: Int64?
    /// The event after it.
    public var beforeSequenceNumber: Int64?
    /// How long it lasted, client clock, ms.
    public var milliseconds: Int64

    /// A gap.
    public init(afterSequenceNumber: Int64?, beforeSequenceNumber: Int64?, milliseconds: Int64) {
        self.afterSequenceNumber = afterSequenceNumber
        self.beforeSequenceNumber = beforeSequenceNumber
        self.milliseconds = milliseconds
    }
}

/// One broken rule.
public struct AnalyticsProblem: Codable, Sendable, Equatable {
    /// Which rule.
    public var rule: AnalyticsRule
    /// The event that breaks it, when one does.
    public var sequenceNumber: Int64?
    /// What is wrong, for people.
    public var message: String

    /// A problem.
    public init(rule: AnalyticsRule, sequenceNumber: Int64?, message: String) {
        self.rule = rule
        self.sequenceNumber = sequenceNumber
        self.message = message
    }
}

/// The rules a backend relies on, checked per session (docs/admin-api.md explains each).
public enum AnalyticsRule: String, Codable, Sendable, Equatable, CaseIterable {
    /// `Playback.Created` is the first event and has `SequenceNumber` 1.
    case createdFirst
    /// Every event has a `SequenceNumber`.
    case sequenceNumberPresent
    /// Sequence numbers run 1, 2, 3 … with none missing.
    case contiguousSequenceNumbers
    /// `Timestamp`s never go back in sequence order.
    case timestampsInOrder
    /// While playing, no more than the post interval passes without an event (a heartbeat at least).
    case heartbeatInterval
    /// Exactly one of Completed, Aborted or Error ends the session.
    case oneTerminalEvent
    /// Nothing follows the terminal event.
    case nothingAfterTerminal
    /// `Playback.Started` comes before Paused, Resumed and Completed.
    case startedBeforeControls
}
