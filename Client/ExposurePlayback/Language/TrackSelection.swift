import HLS

/// The audio and subtitle languages to play, chosen from the stream's renditions.
public struct TrackSelection: Sendable, Equatable {
    /// The audio language; nil when the stream has no alternative audio.
    public var audio: String?
    /// The subtitle language; nil for no subtitles.
    public var text: String?

    /// Applies the seed's rules for `preferences` to what the stream offers.
    ///
    /// `.userPreference`: stored choice, else the device language, else the stream default;
    /// with no stored subtitle choice and audio not in the device language, subtitles in the
    /// device language when the stream has them.
    static func choose(
        _ preferences: PlaybackProperties.LanguagePreferences, renditions: [Rendition], stored: LanguagePreferenceStore.Choices,
        deviceLanguage: String?
    ) -> TrackSelection {
        let audios = renditions.filter { $0.type == .audio }
        let texts = renditions.filter { $0.type == .subtitles }
        func offered(_ language: String?, in list: [Rendition]) -> String? {
            guard let language else { return nil }
            return list.first { $0.language?.lowercased() == language.lowercased() }?.language
        }
        let defaultAudio = (audios.first { $0.isDefault == true } ?? audios.first)?.language
        let defaultText = texts.first { $0.isDefault == true }?.language
        switch preferences {
        case .defaultBehavior:
            return TrackSelection(audio: defaultAudio, text: defaultText)
        case .userLocale:
            return TrackSelection(audio: offered(deviceLanguage, in: audios) ?? defaultAudio, text: defaultText)
        case .custom(let text, let audio):
            return TrackSelection(audio: offered(audio, in: audios) ?? defaultAudio, text: offered(text, in: texts) ?? defaultText)
        case .userPreference:
            let audio = offered(stored.audio, in: audios) ?? offered(deviceLanguage, in: audios) ?? defaultAudio
            var text = offered(stored.text, in: texts)
            if text == nil, let audio, let deviceLanguage, audio.lowercased() != deviceLanguage.lowercased() {
                text = offered(deviceLanguage, in: texts)
            }
            return TrackSelection(audio: audio, text: text ?? defaultText)
        }
    }
}
