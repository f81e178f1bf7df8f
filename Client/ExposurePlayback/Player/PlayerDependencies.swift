import Exposure
import ExposureAnalytics
import Foundation

/// What a ``Player`` uses from the outside world, injected so tests can run hours of live
/// playback on a ``VirtualClock`` with a ``ModelledNetwork``.
public struct PlayerDependencies: Sendable {
    /// Carries Exposure API calls (entitlement, EPG, entitle checks).
    public var apiTransport: any HTTPTransport
    /// Carries playlist, segment and sprite fetches.
    public var streamTransport: any HTTPTransport
    /// Keeps playback time.
    public var clock: any WallClock
    /// Where `.userPreference` language choices are kept.
    public var languageStore: LanguagePreferenceStore
    /// The device language (ISO 639-1, e.g. `sv`), for `.userLocale` and the preference fallbacks.
    public var deviceLanguage: String?
    /// Playback tuning: how far ahead of the playhead the player buffers.
    public var bufferTarget: Duration
    /// How much must be buffered before playing.
    public var resumeThreshold: Duration
    /// How long a live playlist may come back unchanged before playback fails, on this clock
    /// (a clock running N times faster than the server's needs N times as long).
    public var stalePlaylistLimit: Duration
    /// Where analytics events wait until the EventSink has them; nil keeps them in memory only
    /// (nothing survives the process). The default is the user's data folder
    /// (``AnalyticsOutbox/defaultURL``), shared by every player of the process.
    public var analyticsOutbox: AnalyticsOutbox?
    /// The device as analytics describe it (`DeviceId`, `DeviceModel`, `OS` …).
    public var device: DeviceInfo
    /// How analytics reach the network (`Device.Info`'s `Connection`), e.g. `wifi`.
    public var connection: String
    /// A number in 0..<1 per playback, for `analytics.percentage` sampling.
    public var sampling: @Sendable () -> Double

    /// Dependencies; the defaults use ``AutomaticTransport``, the real clock, the user's caches
    /// folder and the process locale.
    public init(
        apiTransport: any HTTPTransport = AutomaticTransport.shared,
        streamTransport: any HTTPTransport = AutomaticTransport.shared,
        clock: any WallClock = RealClock(),
        languageStore: LanguagePreferenceStore = .standard,
        deviceLanguage: String? = Locale.current.language.languageCode?.identifier,
        bufferTarget: Duration = .seconds(30),
        resumeThreshold: Duration = .seconds(4),
        stalePlaylistLimit: Duration = .seconds(30),
        analyticsOutbox: AnalyticsOutbox? = AnalyticsOutbox.standard,
        device: DeviceInfo = .current,
        connection: String = "ethernet",
        sampling: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.apiTransport = apiTransport
        self.streamTransport = streamTransport
        self.clock = clock
        self.languageStore = languageStore
        self.deviceLanguage = deviceLanguage
        self.bufferTarget = bufferTarget
        self.resumeThreshold = resumeThreshold
        self.stalePlaylistLimit = stalePlaylistLimit
        self.analyticsOutbox = analyticsOutbox
        self.device = device
        self.connection = connection
        self.sampling = sampling
    }
}
