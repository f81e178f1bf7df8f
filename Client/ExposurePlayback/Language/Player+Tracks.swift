import HLS

/// Audio and subtitle tracks: what the stream offers, what plays, and user choices that
/// `.userPreference` remembers.
extension Player {
    /// Audio languages the stream offers.
    public var availableAudioLanguages: [String] { languages(of: .audio) }
    /// Subtitle languages the stream offers.
    public var availableTextLanguages: [String] { languages(of: .subtitles) }
    /// The audio language playing.
    public var selectedAudioLanguage: String? { session?.tracks.audio }
    /// The subtitle language showing; nil for none.
    public var selectedTextLanguage: String? { session?.tracks.text }

    /// Switches audio to `language` and remembers the choice for `.userPreference`.
    public func selectAudio(language: String?) {
        guard let language else { return }
        select(language, of: .audio) { $0.audio = $1 }
    }

    /// Switches subtitles to `language` (nil: off) and remembers the choice for `.userPreference`.
    public func selectText(language: String?) {
        guard let language else {
            session.map { $0.setTracks(TrackSelection(audio: $0.tracks.audio, text: nil)) }
            return remember { $0.text = nil }
        }
        select(language, of: .subtitles) { $0.text = $1 }
    }

    private func select(
        _ language: String, of type: Rendition.MediaType, update: (inout TrackSelection, String) -> Void
    ) {
        guard let session, let offered = languages(of: type).first(where: { $0.lowercased() == language.lowercased() }) else {
            return publish(.warning(.trackUnavailable(language: language)), source: session?.source)
        }
        var tracks = session.tracks
        update(&tracks, offered)
        session.setTracks(tracks)
        remember { choices in
            if type == .audio {
                choices.audio = offered
            } else {
                choices.text = offered
            }
        }
    }

    private func remember(_ change: (inout LanguagePreferenceStore.Choices) -> Void) {
        var choices = dependencies.languageStore.load()
        change(&choices)
        // A failed save costs only the preference next time; playback is unaffected.
        try? dependencies.languageStore.save(choices)
    }

    private func languages(of type: Rendition.MediaType) -> [String] {
        var seen: [String] = []
        for rendition in session?.status.renditions ?? [] where rendition.type == type {
            if let language = rendition.language, !seen.contains(language) { seen.append(language) }
        }
        return seen
    }
}
