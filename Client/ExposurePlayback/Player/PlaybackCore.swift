import Exposure
import ExposureAnalytics

/// What a playback needs from its ``Player``, copied out at `startPlayback` so the playback
/// owns it: the backend and user, the outside world, and the event hub. Nothing here points
/// back at the player, so a running playback never keeps it alive nor outlives a reference to it.
struct PlaybackCore: Sendable {
    let environment: Environment
    let sessionToken: SessionToken
    let dependencies: PlayerDependencies
    let hub: EventHub
    /// The player's analytics, which starts a reporter per playback.
    let analytics: AnalyticsDispatcher

    var entitlements: Entitlement {
        Entitlement(environment: environment, sessionToken: sessionToken, transport: dependencies.apiTransport)
    }
}
