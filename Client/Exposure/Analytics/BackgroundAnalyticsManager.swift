import Clocks
import Foundation

/// Sends what offline playbacks recorded (and anything else waiting in the outbox) on demand:
/// the official `BackgroundAnalyticsManager().flushOfflineAnalytics()`, e.g. from a background
/// task once the device is online.
///
///     let manager = BackgroundAnalyticsManager()
///     manager.flushOfflineAnalytics()
///
/// Each waiting session goes to the EventSink, with the token, it was recorded for; what cannot
/// be delivered stays for the next flush.
public final class BackgroundAnalyticsManager: Sendable {
    private let dispatcher: AnalyticsDispatcher

    /// A manager over the SDK's outbox in the user's data folder (the one players use by default).
    public convenience init() {
        self.init(outbox: AnalyticsOutbox.standard)
    }

    /// A manager over `outbox` (the one given to the players as `PlayerDependencies.analyticsOutbox`).
    public init(outbox: AnalyticsOutbox?, transport: any HTTPTransport = AutomaticTransport.shared) {
        dispatcher = AnalyticsDispatcher(
            configuration: .init(reporting: AnalyticsReporting(device: .current)), outbox: outbox, transport: transport,
            clock: RealClock())
    }

    /// Starts sending everything waiting and returns at once, as the official call does.
    public func flushOfflineAnalytics() {
        Task { [dispatcher] in await dispatcher.flushOfflineAnalytics() }
    }

    /// Sends everything waiting; returns once each session was delivered or tried.
    @discardableResult
    public func flushOfflineAnalytics() async -> AnalyticsDispatcher.FlushResult {
        await dispatcher.flushOfflineAnalytics()
    }
}
