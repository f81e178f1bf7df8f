import Exposure
import ExposureAnalytics
import Foundation

// The player's tuning as it was spelled before its lengths of time became `Duration`s: whole
// milliseconds under `…Ms` names. They forward to the `Duration` forms.

extension PlayerDependencies {
    /// Dependencies whose tuning is given in milliseconds. Disfavoured, so that a call naming
    /// none of the tuning takes the `Duration` initializer.
    @_disfavoredOverload
    @available(
        *, deprecated,
        renamed:
            "init(apiTransport:streamTransport:clock:languageStore:deviceLanguage:bufferTarget:resumeThreshold:stalePlaylistLimit:analyticsOutbox:device:connection:sampling:)",
        message: "give the tuning as Durations, e.g. .seconds(30)"
    )
    public init(
        apiTransport: any HTTPTransport = AutomaticTransport.shared,
        streamTransport: any HTTPTransport = AutomaticTransport.shared,
        clock: any WallClock = RealClock(),
        languageStore: LanguagePreferenceStore = .standard,
        deviceLanguage: String? = Locale.current.language.languageCode?.identifier,
        bufferTargetMs: Int64 = 30_000,
        resumeThresholdMs: Int64 = 4_000,
        stalePlaylistLimitMs: Int64 = 30_000,
        analyticsOutbox: AnalyticsOutbox? = AnalyticsOutbox.standard,
        device: DeviceInfo = .current,
        connection: String = "ethernet",
        sampling: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.init(
            apiTransport: apiTransport, streamTransport: streamTransport, clock: clock, languageStore: languageStore,
            deviceLanguage: deviceLanguage, bufferTarget: .milliseconds(bufferTargetMs), resumeThreshold: .milliseconds(resumeThresholdMs),
            stalePlaylistLimit: .milliseconds(stalePlaylistLimitMs), analyticsOutbox: analyticsOutbox, device: device,
            connection: connection, sampling: sampling)
    }

    /// ``bufferTarget`` in whole milliseconds.
    @available(*, deprecated, renamed: "bufferTarget", message: "bufferTarget is a Duration")
    public var bufferTargetMs: Int64 {
        get { bufferTarget.wholeMilliseconds }
        set { bufferTarget = .milliseconds(newValue) }
    }

    /// ``resumeThreshold`` in whole milliseconds.
    @available(*, deprecated, renamed: "resumeThreshold", message: "resumeThreshold is a Duration")
    public var resumeThresholdMs: Int64 {
        get { resumeThreshold.wholeMilliseconds }
        set { resumeThreshold = .milliseconds(newValue) }
    }

    /// ``stalePlaylistLimit`` in whole milliseconds.
    @available(*, deprecated, renamed: "stalePlaylistLimit", message: "stalePlaylistLimit is a Duration")
    public var stalePlaylistLimitMs: Int64 {
        get { stalePlaylistLimit.wholeMilliseconds }
        set { stalePlaylistLimit = .milliseconds(newValue) }
    }
}
