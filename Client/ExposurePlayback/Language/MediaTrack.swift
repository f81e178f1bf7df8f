import HLS

/// An audio or subtitle track the stream offers (an `EXT-X-MEDIA` rendition), as the official
/// SDK's track selection shows it.
public struct MediaTrack: Sendable, Hashable {
    /// The rendition's NAME.
    public let name: String
    /// Its LANGUAGE (a BCP 47 tag such as `sv`).
    public let extendedLanguageTag: String?
    /// A title for menus: the name.
    public var title: String { name }
    /// The track's index among the stream's tracks of its type, from 0.
    public let mediaTrackId: Int
    /// `audio` or `subtitles`.
    public let type: String
    /// Whether the stream marks it DEFAULT.
    public let isDefault: Bool

    /// The tracks of `type` in `renditions`, one per language (the first rendition of each).
    static func tracks(of type: Rendition.MediaType, in renditions: [Rendition]) -> [MediaTrack] {
        var seen: Set<String> = []
        var tracks: [MediaTrack] = []
        for rendition in renditions where rendition.type == type {
            guard let language = rendition.language, seen.insert(language.lowercased()).inserted else { continue }
            tracks.append(
                MediaTrack(
                    name: rendition.name, extendedLanguageTag: language, mediaTrackId: tracks.count,
                    type: type == .audio ? "audio" : "subtitles", isDefault: rendition.isDefault == true))
        }
        return tracks
    }
}
