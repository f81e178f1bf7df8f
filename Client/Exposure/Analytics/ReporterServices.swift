import Clocks
import ExposureModels
import Foundation

/// What reporters share: the clock, the device facts, the outbox and the transport. Outbox
/// failures (disk full) are logged and playback goes on: the events still go out from memory.
struct ReporterServices: Sendable {
    let clock: any WallClock
    let reporting: AnalyticsReporting
    let outbox: AnalyticsOutbox?
    let transport: any HTTPTransport
    let currentToken: @Sendable () -> SessionToken?
    let log: @Sendable (String) -> Void

    func store(_ events: [AnalyticsEvent], sessionId: String) {
        guard let outbox else { return }
        outbox.store(events, sessionId: sessionId) { [log] error in log("analytics outbox: cannot store events: \(error)") }
    }

    func acknowledge(_ events: [AnalyticsEvent], sessionId: String) async {
        guard let outbox else { return }
        do { try await outbox.remove(events, sessionId: sessionId) } catch { log("analytics outbox: cannot remove sent events: \(error)") }
    }

    func reject(_ events: [AnalyticsEvent], sessionId: String, status: Int) async {
        log("analytics: the EventSink refused \(events.count) event(s) of \(sessionId) with HTTP \(status); dropped")
        await acknowledge(events, sessionId: sessionId)
    }

    func retarget(sessionId: String, route: AnalyticsRoute) async {
        guard let outbox else { return }
        outbox.updateToken(route.sessionToken, sessionId: sessionId) { [log] error in log("analytics outbox: \(error)") }
    }

    /// `clockOffset = ((clientEnd - repliedTime) + (clientStart - receivedTime)) / 2`, the
    /// halving in whole milliseconds towards zero; nil when the EventSink cannot be reached
    /// (batches then go without `ClockOffset`).
    func measureClockOffset(_ environment: Environment) async -> Duration? {
        let start = clock.now
        guard let reply = try? await EventSinkHandshake(environment: environment, transport: transport).request() else { return nil }
        let replied = WallTime(millisecondsSince1970: reply.repliedTime)
        let received = WallTime(millisecondsSince1970: reply.receivedTime)
        return .milliseconds(((clock.now - replied) + (start - received)).wholeMilliseconds / 2)
    }

    func deliver(_ batch: AnalyticsBatch, route: AnalyticsRoute) async -> SendOutcome {
        do {
            _ = try await EventSinkSend(
                environment: route.environment, transport: transport, sessionToken: route.sessionToken, batch: batch
            )
            .request()
            return .delivered
        } catch {
            return SendOutcome(error)
        }
    }
}
