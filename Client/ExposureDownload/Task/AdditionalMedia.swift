/// One audio or subtitle track a download can add, as iOSClientDownload's `MediaOption` offers it
/// (there an `AVMediaSelectionOption`).
public struct MediaOption: Sendable, Hashable {
    /// Which kind of track it is.
    public enum Kind: String, Sendable, Hashable {
        /// An audio track.
        case audio
        /// A subtitle track.
        case subtitle
    }

    /// Audio or subtitle.
    public let kind: Kind
    /// The HLS `NAME` (what ``ExposureDownloadTask/addAudios(hlsNames:)`` takes).
    public let hlsName: String
    /// The track's language.
    public let language: String
}

/// The tracks a download does not include yet, offered to
/// ``ExposureDownloadTask/onShouldDownloadMediaOption(callback:)`` one choice at a time.
public struct AdditionalMedia: Sendable, Hashable {
    /// Subtitle tracks not chosen yet.
    public let subtitles: [MediaOption]
    /// Audio tracks not chosen yet.
    public let audio: [MediaOption]
    /// Video renditions not chosen yet: always empty, a download has one rendition.
    public let video: [MediaOption] = []

    /// The tracks of `available` that `selection` leaves out.
    package init(available: MediaTracks, selection: OfflineTrackSelection) {
        func left(_ media: [MediaTracks.Media], chosen: [String]?, kind: MediaOption.Kind) -> [MediaOption] {
            guard let chosen else { return [] }
            return media.filter { !chosen.contains($0.language) }.map { MediaOption(kind: kind, hlsName: $0.name, language: $0.language) }
        }
        subtitles = left(available.subtitles, chosen: selection.subtitleLanguages, kind: .subtitle)
        audio = left(available.audios, chosen: selection.audioLanguages, kind: .audio)
    }
}

extension OfflineTrackSelection {
    /// The selection with `option` added.
    package func adding(_ option: MediaOption) -> OfflineTrackSelection {
        var selection = self
        switch option.kind {
        case .audio: selection.audioLanguages = (audioLanguages ?? []) + [option.language]
        case .subtitle: selection.subtitleLanguages = (subtitleLanguages ?? []) + [option.language]
        }
        return selection
    }
}
