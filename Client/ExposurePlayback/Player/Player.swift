import Exposure
import ExposureAnalytics
import Foundation
import Synchronization

/// The Exposure player: entitles a ``Playable``, plays its HLS stream with a headless engine,
/// follows the EPG at program boundaries and enforces the contract restrictions.
///
///     let player = Player(environment: env, sessionToken: token)
///     player.onPlaybackStarted { player, source in print("started") }
///           .onProgramChanged { player, source, program in print(program?.programId ?? "-") }
///     player.startPlayback(playable: AssetPlayable(assetId: "news-24"))
public final class Player: Sendable {
    /// The backend.
    public let environment: Environment
    /// The user.
    public let sessionToken: SessionToken
    /// Where analytics go instead of the entitlement's `analytics.baseUrl`.
    public let analyticsBaseUrl: String?
    /// The app's name, sent with analytics.
    public let appName: String?
    /// The app's version, sent with analytics.
    public let appVersion: String?
    /// Clock, transports and stores.
    public let dependencies: PlayerDependencies

    let hub = EventHub()
    /// Reports playbacks to the EventSink and sends what earlier runs left in the outbox.
    let analytics: AnalyticsDispatcher
    /// Sends what earlier runs of the app left in the analytics outbox, started with the player.
    private let leftoverAnalytics: Task<Void, Never>
    let sprites = SpriteCache()
    let serverTimeEstimate: ServerTimeEstimate
    let audio = Mutex(AudioState())
    /// The playback in progress (or the last one) and the task running it.
    private let current = Mutex<(session: PlaybackSession, task: Task<Void, Never>)?>(nil)

    /// A player for the user of `sessionToken` in `environment`.
    public init(
        environment: Environment, sessionToken: SessionToken, analyticsBaseUrl: String? = nil,
        dependencies: PlayerDependencies = PlayerDependencies()
    ) {
        self.environment = environment
        self.sessionToken = sessionToken
        self.analyticsBaseUrl = analyticsBaseUrl
        appName = nil
        appVersion = nil
        self.dependencies = dependencies
        serverTimeEstimate = ServerTimeEstimate(environment: environment, transport: dependencies.apiTransport, clock: dependencies.clock)
        analytics = Self.makeAnalytics(
            dependencies: dependencies, sessionToken: sessionToken, baseUrl: analyticsBaseUrl, appName: nil, appVersion: nil)
        leftoverAnalytics = Task { [analytics] in _ = await analytics.flushPending() }
        hub.attach(self)
    }

    /// A player that names the app in analytics.
    public init(
        environment: Environment, sessionToken: SessionToken, appName: String, appVersion: String,
        dependencies: PlayerDependencies = PlayerDependencies()
    ) {
        self.environment = environment
        self.sessionToken = sessionToken
        analyticsBaseUrl = nil
        self.appName = appName
        self.appVersion = appVersion
        self.dependencies = dependencies
        serverTimeEstimate = ServerTimeEstimate(environment: environment, transport: dependencies.apiTransport, clock: dependencies.clock)
        analytics = Self.makeAnalytics(
            dependencies: dependencies, sessionToken: sessionToken, baseUrl: nil, appName: appName, appVersion: appVersion)
        leftoverAnalytics = Task { [analytics] in _ = await analytics.flushPending() }
        hub.attach(self)
    }

    /// Returns once what earlier runs of the app left in the analytics outbox (a process that was
    /// killed, an EventSink that was down) has been sent, or tried: a short-lived process (a CLI)
    /// awaits it before it exits.
    public func sendLeftoverAnalytics() async { await leftoverAnalytics.value }

    /// One dispatcher per player, on the player's clock and transport.
    private static func makeAnalytics(
        dependencies: PlayerDependencies, sessionToken: SessionToken, baseUrl: String?, appName: String?, appVersion: String?
    ) -> AnalyticsDispatcher {
        let reporting = AnalyticsReporting(
            device: dependencies.device, appName: appName, appVersion: appVersion,
            connection: dependencies.connection)
        return AnalyticsDispatcher(
            configuration: .init(baseUrlOverride: baseUrl, reporting: reporting), outbox: dependencies.analyticsOutbox,
            transport: dependencies.apiTransport, clock: dependencies.clock, currentToken: { sessionToken }, random: dependencies.sampling)
    }

    /// Entitles `playable` and plays it, replacing any playback in progress (which is aborted
    /// first: its Aborted comes before the new playback's Created).
    ///
    /// - Parameters:
    ///   - adsOptions: Ad targeting sent with the entitlement request.
    ///   - adobePrimetimeToken: Sent as the play request's `X-Adobe-Primetime-MediaToken` header.
    ///   - enableAnalytics: `false` sends no analytics for this playback.
    ///   - materialProfile: A material variant such as `TRAILER`.
    ///   - customAdParams: Sent with the entitlement request, values as text (`1`, `test`, `true`).
    ///   - metadataIdentifiers: DATERANGE client attributes to report; all when nil or empty.
    ///   - deviceMake: Replaces the device's manufacturer in the play request.
    ///   - deviceModel: Replaces the device's model in the play request.
    /// - Returns: The task running the playback; it ends with it.
    @discardableResult
    public func startPlayback(
        playable: any Playable, properties: PlaybackProperties = PlaybackProperties(), adsOptions: AdsOptions? = nil,
        adobePrimetimeToken: String? = nil, enableAnalytics: Bool = true, materialProfile: String? = nil,
        customAdParams: [String: Any]? = nil, metadataIdentifiers: [String]? = nil, deviceMake: String? = nil, deviceModel: String? = nil
    ) -> Task<Void, Never> {
        let request = PlaybackRequest(
            playable: playable, properties: properties, adsOptions: adsOptions, enableAnalytics: enableAnalytics,
            materialProfile: materialProfile, customAdParams: PlaybackRequest.queryValues(customAdParams),
            metadataIdentifiers: metadataIdentifiers ?? [], adobePrimetimeToken: adobePrimetimeToken, deviceMake: deviceMake,
            deviceModel: deviceModel)
        return start(request)
    }

    /// Plays `request`, replacing any playback in progress.
    func start(_ request: PlaybackRequest) -> Task<Void, Never> {
        let session = PlaybackSession(core: core, request: request)
        // The server clock is measured beside the play request, as the official SDK's context does;
        // a download plays without the network.
        if !request.isOffline {
            let serverTimeEstimate = serverTimeEstimate
            Task { _ = await serverTimeEstimate.now(forceRefresh: false) }
        }
        hub.playbackBegan()
        return current.withLock { current in
            let previous = current
            // The old playback ends (its Aborted delivered) before the new one begins.
            previous?.session.stop()
            let task = Task {
                await previous?.task.value
                await session.run()
            }
            current = (session, task)
            return task
        }
    }

    /// Releasing the player stops its playback: Aborted is delivered to the ``events`` streams,
    /// which then finish (listeners take the player, so they hear nothing after it is gone).
    deinit {
        current.withLock { $0 }?.session.stop()
        hub.playerReleased()
    }

    /// Every event from now on, for `for await` code; any number of streams. A stream finishes
    /// once the player is released and its last playback has ended. It keeps at most
    /// ``eventBufferLimit`` unread events, dropping the oldest past that.
    public var events: AsyncStream<PlayerEvent> { hub.stream() }

    /// How many unread events each ``events`` stream keeps.
    public static var eventBufferLimit: Int { EventHub.streamBufferLimit }

    /// The playback in progress (or the last one).
    var session: PlaybackSession? { current.withLock { $0?.session } }

    private var core: PlaybackCore {
        PlaybackCore(environment: environment, sessionToken: sessionToken, dependencies: dependencies, hub: hub, analytics: analytics)
    }

    func publish(_ event: PlayerEvent, source: PlaybackSource?) {
        hub.publish(event, source: source)
    }
}
