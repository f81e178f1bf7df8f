/// One media playlist of a stream: a video rendition by name, or audio / subtitles by language.
enum RenditionKey: Hashable {
    case video(String)
    case audio(String)
    case subtitles(String)

    /// Parses the file name under a stream: `video/360p.m3u8`, `audio/en.m3u8`, `subtitles/sv.m3u8`.
    init?(path: String) {
        // Byte-wise: this runs for every playlist request.
        let bytes = path.utf8
        guard let slash = bytes.firstIndex(of: UInt8(ascii: "/")) else { return nil }
        let folder = bytes[..<slash]
        let file = bytes[bytes.index(after: slash)...]
        guard file.count > 5, !file.contains(UInt8(ascii: "/")), file.suffix(5).elementsEqual(".m3u8".utf8) else { return nil }
        let name = String(Substring(file.dropLast(5)))
        if folder.elementsEqual("video".utf8) {
            self = .video(name)
        } else if folder.elementsEqual("audio".utf8) {
            self = .audio(name)
        } else if folder.elementsEqual("subtitles".utf8) {
            self = .subtitles(name)
        } else {
            return nil
        }
    }

    /// Whether an encrypted stream encrypts this rendition's segments: video and audio; subtitles stay clear.
    var isEncryptable: Bool {
        if case .subtitles = self { false } else { true }
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
