import Clocks
import ExposureModels
import Foundation

/// The control plane as a Swift API, for tests running the platform in-process. Every call acts
/// at once (no HTTP round trip); `MockPlatformAdminClient` offers the same over `/_mock/`.
extension MockPlatform {
    // MARK: Clock

    /// The platform's current time.
    public var now: Date { context.clock.now.date }

    /// Moves platform time forward (or back, with a negative duration): EPG "now", live windows,
    /// session and play-token expiry and `…/time` all follow.
    public func advanceClock(by duration: Duration) {
        context.clock.set(now: context.clock.now + duration)
    }

    /// Sets platform time to `date`, optionally with a rate (0 freezes time: nothing moves
    /// unless the test moves it, which makes time-based assertions exact).
    public func setClock(to date: Date, rate: Double? = nil) {
        context.clock.set(now: WallTime(date), rate: rate)
    }

    /// Freezes platform time where it is.
    public func freezeClock() { context.clock.set(rate: 0) }

    // MARK: Faults

    /// Makes matching requests fail as `rule` says; returns the rule with its id.
    /// - Throws: `FaultRuleError` for a rule without an action, with conflicting ones or a bad regex.
    @discardableResult
    public func inject(_ rule: FaultRule) throws(FaultRuleError) -> FaultRule { try control.faults.add(rule) }

    /// Replaces the rule `id` (it keeps its id; its counters start afresh); nil when there is none.
    /// - Throws: `FaultRuleError` as ``inject(_:)`` does.
    @discardableResult
    public func updateFault(id: String, to rule: FaultRule) throws(FaultRuleError) -> FaultRule? {
        try control.faults.replace(id: id, with: rule)
    }

    /// Starts the `probability` draws of fault rules again from `seed`, so a run is repeatable.
    public func seedFaults(_ seed: UInt64) { control.faults.reseed(seed) }

    /// The fault rules in force, with how often each applied.
    public var faults: [FaultRule] { control.faults.list() }

    /// Removes one fault rule, or all of them when `id` is nil.
    public func removeFaults(id: String? = nil) {
        if let id { control.faults.remove(id: id) } else { control.faults.removeAll() }
    }

    // MARK: Journal and client activity

    /// The requests the platform answered (admin requests excluded), oldest first.
    public func requests(pathPrefix: String? = nil, since: Date? = nil, accountId: String? = nil, method: String? = nil) -> [JournalEntry] {
        control.journal.entries(
            matching: JournalFilter(
                pathPrefix: pathPrefix, since: since.map(WallTime.init),
                accountId: accountId, method: method))
    }

    /// The analytics events clients sent, oldest first.
    public func analyticsEvents(sessionId: String? = nil, accountId: String? = nil, eventType: String? = nil) -> [RecordedAnalyticsEvent] {
        context.activity.events(sessionId: sessionId, accountId: accountId, eventType: eventType)
    }

    /// Every play session that sent analytics, summarised and checked (events left out).
    public func analyticsSessions() -> [AnalyticsSessionReport] { context.analyticsSessions().map(\.summary) }

    /// One play session's analytics timeline and the rules it breaks, e.g.
    /// `#expect(platform.analyticsSession(id)?.problems == [])`; nil when it sent no events.
    public func analyticsSession(_ id: String) -> AnalyticsSessionReport? { context.analyticsSession(id: id) }

    /// The ad beacons clients fired, oldest first.
    public func beacons(playSessionId: String? = nil) -> [RecordedBeacon] {
        context.activity.beacons(playSessionId: playSessionId)
    }

    /// Completed downloads and renewals (one account's, or everyone's), oldest first.
    public func downloads(accountId: String? = nil) -> [DownloadRecord] {
        context.state.downloads(accountId: accountId, assetId: nil)
    }

    /// The play sessions the platform handed out (one account's, or everyone's), oldest first.
    public func playSessions(accountId: String? = nil) -> [PlaySession] {
        context.state.playSessions(accountId: accountId)
    }

    // MARK: Whole platform

    /// Back to a fresh platform: state, faults (but those the fixtures declare), journal and
    /// client activity emptied, clock at real time.
    public func reset() { control.reset() }

    /// Loads another fixtures directory (or the current one again); broken fixtures throw every
    /// problem and leave the catalog in force unchanged.
    public func reloadFixtures(from directory: URL? = nil) throws(FixtureProblems) {
        try control.reloadFixtures(from: directory)
    }
}
