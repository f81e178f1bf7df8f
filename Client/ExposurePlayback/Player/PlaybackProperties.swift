/// Options of one playback (the seed's `PlaybackProperties`).
public struct PlaybackProperties: Sendable, Equatable {
    /// Where to start.
    public enum PlayFrom: Sendable, Equatable {
        /// Live edge for live channels and programs, the program start for catch-up, the
        /// beginning for VOD.
        case defaultBehavior
        /// The beginning of the program (live and catch-up) or the asset.
        case beginning
        /// The bookmark when there is one, else the default.
        case bookmark
        /// A position in ms; outside the seekable range → `invalidStartTime` warning and the default.
        case customPosition(position: Int64)
        /// A wall-clock time in ms; outside the seekable range → `invalidStartTime` warning and the default.
        case customTime(time: Int64)
    }

    /// Which audio and subtitle tracks to pick.
    public enum LanguagePreferences: Sendable, Equatable {
        /// The stream's defaults.
        case defaultBehavior
        /// The device language when the stream has it, else the stream's defaults.
        case userLocale
        /// The user's last choices (persisted), then the device language, then the stream's
        /// defaults; subtitles in the device language when the audio is not in it.
        case userPreference
        /// These languages where available (nil: the stream's default).
        case custom(text: String?, audio: String?)
    }

    /// Start playing as soon as ready.
    public var autoplay: Bool
    /// Where to start.
    public var playFrom: PlayFrom
    /// Track choice.
    public var language: LanguagePreferences
    /// A bitrate cap, bits/s (nil or 0: none).
    public var maxBitrate: Int64?

    /// Properties; the defaults autoplay from the default position with the stream's tracks.
    public init(
        autoplay: Bool = true, playFrom: PlayFrom = .defaultBehavior, language: LanguagePreferences = .defaultBehavior,
        maxBitrate: Int64? = nil
    ) {
        self.autoplay = autoplay
        self.playFrom = playFrom
        self.language = language
        self.maxBitrate = maxBitrate
    }

    /// The same, spelled `autoPlay` as in one of the seed's samples.
    public init(
        autoPlay: Bool, playFrom: PlayFrom = .defaultBehavior, language: LanguagePreferences = .defaultBehavior,
        maxBitrate: Int64? = nil
    ) {
        self.init(autoplay: autoPlay, playFrom: playFrom, language: language, maxBitrate: maxBitrate)
    }
}

/// The official SDK's spellings beside the seed's.
extension PlaybackProperties.PlayFrom {
    /// ``defaultBehavior``, as the official SDK spells it.
    public static var defaultBehaviour: Self { .defaultBehavior }
    /// ``customTime(time:)``, as the official SDK labels it.
    public static func customTime(timestamp: Int64) -> Self { .customTime(time: timestamp) }
}

extension PlaybackProperties.LanguagePreferences {
    /// ``defaultBehavior``, as the official SDK spells it.
    public static var defaultBehaviour: Self { .defaultBehavior }
}
