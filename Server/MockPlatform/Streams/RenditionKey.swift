/// One media playlist of a stream: a video rendition by name, or audio / subtitles by language.
enum RenditionKey: Hashable {
    case video(String)
    case audio(String)
    case subtitles(String)

    /// Parses the file name under a stream: `video/360p.m3u8`, `audio/en.m3u8`, `subtitles/sv.m3u8`.
    init?(path: String) {
        let parts = path.split(separator: "/")
        guard parts.count == 2, parts[1].hasSuffix(".m3u8") else { return nil }
        let name = String(parts[1].dropLast(5))
        switch parts[0] {
        case "video": self = .video(name)
        case "audio": self = .audio(name)
        case "subtitles": self = .subtitles(name)
        default: return nil
        }
    }

    /// The path under the stream's folder, relative to its master playlist.
    var path: String {
        switch self {
        case .video(let name): "video/\(name).m3u8"
        case .audio(let language): "audio/\(language).m3u8"
        case .subtitles(let language): "subtitles/\(language).m3u8"
        }
    }

    /// This rendition of `clip`, if the clip has it.
    func rendition(of clip: MediaManifest.Clip) -> MediaManifest.Rendition? {
        switch self {
        case .video(let name): clip.video.first { $0.name == name }
        case .audio(let language): clip.audio.first { $0.language == language }
        case .subtitles(let language): clip.subtitles.first { $0.language == language }
        }
    }

    /// Whether the playlist carries the stream's DATERANGE tags (subtitles do not).
    var carriesDateRanges: Bool { if case .subtitles = self { false } else { true } }
}
