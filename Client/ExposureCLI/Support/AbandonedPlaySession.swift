import Clocks
import Exposure
import ExposureAnalytics
import Foundation

/// Ends the play session an entitlement opened, as an app that asks to play and then gives up
/// does: `Playback.Created`, `Playback.HandshakeStarted` and `Playback.Aborted` to the EventSink,
/// so the backend frees the stream slot at once instead of after three post intervals. Events the
/// EventSink does not take wait in the analytics outbox for the next `exposure play`.
struct AbandonedPlaySession {
    /// The asset the entitlement is for.
    let assetId: String
    let entitlement: PlaybackEntitlement

    /// Reports the session ended; returns once the EventSink has the events or the reporter gave up
    /// (a bounded time). False when the entitlement's analytics settings sample the session out.
    func end(
        environment: Environment, sessionToken: SessionToken, outbox: AnalyticsOutbox?, transport: any HTTPTransport
    ) async -> Bool {
        let analytics = AnalyticsDispatcher(
            configuration: .init(reporting: AnalyticsReporting(device: .current, appName: "exposure")), outbox: outbox,
            transport: transport, clock: RealClock(), currentToken: { sessionToken })
        guard
            let reporter = await analytics.beginSession(
                playSessionId: entitlement.playSessionId, environment: environment, sessionToken: sessionToken,
                settings: entitlement.analytics, cdnVendor: entitlement.cdn?.provider)
        else { return false }
        reporter.record(.created(autoPlay: false, playMode: playMode, target: target))
        reporter.record(.handshakeStarted(target: target))
        reporter.record(.aborted)
        await reporter.finish()
        return true
    }

    private var playMode: PlaybackAnalyticsEvent.PlayMode {
        switch entitlement.streamInfo?.kind {
        case .liveChannel?, .liveProgram?, .liveEvent?: .live
        default: .vod
        }
    }

    private var target: PlaybackAnalyticsEvent.Target {
        switch entitlement.streamInfo?.kind {
        case .liveChannel?, .liveProgram?:
            .channel(id: entitlement.streamInfo?.channelId ?? assetId, programId: entitlement.streamInfo?.programId)
        default: .asset(id: assetId)
        }
    }
}
