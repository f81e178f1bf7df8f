import HLS

/// Track objects and bitrate choice as the official SDK offers them, beside the language API.
extension Player {
    /// The audio tracks the stream offers, one per language.
    public var audioTracks: [MediaTrack] { MediaTrack.tracks(of: .audio, in: status.renditions) }
    /// The subtitle tracks the stream offers, one per language.
    public var textTracks: [MediaTrack] { MediaTrack.tracks(of: .subtitles, in: status.renditions) }
    /// The audio track playing.
    public var selectedAudioTrack: MediaTrack? { track(in: audioTracks, language: selectedAudioLanguage) }
    /// The subtitle track showing; nil when subtitles are off.
    public var selectedTextTrack: MediaTrack? { track(in: textTracks, language: selectedTextLanguage) }

    /// Switches audio to `track` (nil changes nothing: a stream always plays some audio).
    public func selectAudio(track: MediaTrack?) {
        guard let track else { return }
        guard let language = track.extendedLanguageTag, audioTracks.contains(track) else {
            return publish(.warning(.trackUnavailable(language: track.extendedLanguageTag ?? track.name)), source: session?.source)
        }
        selectAudio(language: language)
    }

    /// Switches audio to the track with this id (see ``MediaTrack/mediaTrackId``).
    public func selectAudio(mediaTrackId: Int?) {
        guard let mediaTrackId else { return }
        selectAudio(track: audioTracks.first { $0.mediaTrackId == mediaTrackId } ?? missing("audio track \(mediaTrackId)"))
    }

    /// Switches audio to the track with this title.
    public func selectAudio(title: String?) {
        guard let title else { return }
        selectAudio(track: audioTracks.first { $0.title == title } ?? missing(title))
    }

    /// Shows `track`'s subtitles; nil turns subtitles off.
    public func selectText(track: MediaTrack?) {
        guard let track else { return selectText(language: nil) }
        guard let language = track.extendedLanguageTag, textTracks.contains(track) else {
            return publish(.warning(.trackUnavailable(language: track.extendedLanguageTag ?? track.name)), source: session?.source)
        }
        selectText(language: language)
    }

    /// Shows the subtitles with this id; nil turns subtitles off.
    public func selectText(mediaTrackId: Int?) {
        guard let mediaTrackId else { return selectText(language: nil) }
        selectText(track: textTracks.first { $0.mediaTrackId == mediaTrackId } ?? missing("subtitle track \(mediaTrackId)"))
    }

    /// Shows the subtitles with this title; nil turns subtitles off.
    public func selectText(title: String?) {
        guard let title else { return selectText(language: nil) }
        selectText(track: textTracks.first { $0.title == title } ?? missing(title))
    }

    /// The variants the player chooses from, lowest bandwidth first.
    public var variants: [VariantStream] { status.variants }

    /// Caps the bitrate at `selectedBitRate` bits/s (0: no cap of the app's; the contract's
    /// `maxBitrate` always holds); the next segment comes from the variant the cap allows.
    public func setBitRate(selectedBitRate: Double) {
        session?.limitBitrate(selectedBitRate > 0 ? Int(clamping: Int64(selectedBitRate.rounded(.down))) : nil)
    }

    private func track(in tracks: [MediaTrack], language: String?) -> MediaTrack? {
        guard let language = language?.lowercased() else { return nil }
        return tracks.first { $0.extendedLanguageTag?.lowercased() == language }
    }

    /// A track that no stream offers, so selecting it warns.
    private func missing(_ name: String) -> MediaTrack {
        MediaTrack(name: name, extendedLanguageTag: nil, mediaTrackId: -1, type: "", isDefault: false)
    }
}
