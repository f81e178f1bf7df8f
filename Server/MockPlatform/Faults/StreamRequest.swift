import HTTPServer

/// A request for a media playlist or a segment, in the terms a ``StreamTarget`` speaks: the
/// stream's asset, the rendition, the segment's media sequence number, the play session.
///
/// Playlists are `/streams/{kind}/{assetId}/…/{video|audio|subtitles}/{name}.m3u8`; segments
/// are `/media/…/{video|audio|subtitles}/{name}/{file}?asset={assetId}&seq={sequence}`, the
/// query the media playlists write (``StreamURLs/segmentQuery(assetId:)``).
struct StreamRequest: Equatable {
    /// The header a player names its play session in (AVPlayer's, which the SDK's player sends too).
    static let playSessionHeader = "X-Playback-Session-Id"

    let assetId: String?
    let part: StreamTarget.Part
    let rendition: RenditionKey
    let sequence: Int?
    let playSessionId: String?
    let clientAddress: String?

    /// Nil for anything but a media playlist or a segment of a rendition (master playlists,
    /// sprites, API calls).
    init?(_ request: HTTPRequest) {
        let components = request.path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count >= 4, components[0].isEmpty else { return nil }
        switch components[1] {
        case "streams":
            guard components.count >= 6, let rendition = RenditionKey(path: components.suffix(2).joined(separator: "/")) else {
                return nil
            }
            assetId = String(components[3])
            part = .playlist
            self.rendition = rendition
            sequence = nil
        case "media":
            let folder = components[components.count - 3]
            let name = String(components[components.count - 2])
            switch folder {
            case "video": rendition = .video(name)
            case "audio": rendition = .audio(name)
            case "subtitles": rendition = .subtitles(name)
            default: return nil
            }
            let query = request.query
            assetId = query["asset"]
            part = .segments
            sequence = query["seq"].flatMap { Int($0) }
        default:
            return nil
        }
        playSessionId = request.headers[Self.playSessionHeader]
        clientAddress = request.remoteAddress
    }
}
