import HTTPServer

/// A request for a media playlist, a segment or a key, in the terms a ``StreamTarget`` speaks:
/// the stream's asset, the rendition, the segment's media sequence number or the key's id, the
/// play session.
///
/// Playlists are `/streams/{kind}/{assetId}/…/{video|audio|subtitles}/{name}.m3u8`; segments
/// are `/media/…/{video|audio|subtitles}/{name}/{file}?asset={assetId}&seq={sequence}`, the
/// query the media playlists write (``StreamURLs/segmentQuery(assetId:)``); keys are
/// `/keys/{assetId}.{period start in ms since 1970}?token=…` (``ContentKeyID``).
struct StreamRequest: Equatable {
    /// The header a player names its play session in (AVPlayer's, which the SDK's player sends too).
    static let playSessionHeader = "X-Playback-Session-Id"

    let assetId: String?
    let part: StreamTarget.Part
    /// The rendition of a playlist or segment; nil for a key, which serves every rendition.
    let rendition: RenditionKey?
    let sequence: Int?
    /// The key asked for (``ContentKeyID/text``); nil for playlists and segments.
    let keyId: String?
    let playSessionId: String?
    let clientAddress: String?

    /// Nil for anything but a media playlist, a segment of a rendition or a key (master
    /// playlists, sprites, API calls).
    init?(_ request: HTTPRequest) {
        let components = request.path.split(separator: "/", omittingEmptySubsequences: false)
        guard components.count >= 3, components[0].isEmpty else { return nil }
        var playSessionId = request.headers[Self.playSessionHeader]
        switch components[1] {
        case "keys":
            // A player that names no play session (ffmpeg) still sends the token, which does.
            guard components.count == 3, let id = ContentKeyID(text: String(components[2])) else { return nil }
            assetId = id.assetId
            part = .key
            rendition = nil
            sequence = nil
            keyId = id.text
            playSessionId = playSessionId ?? request.query["token"].flatMap(PlayToken.init(verifying:))?.playSessionId
        case "streams":
            guard components.count >= 6, let rendition = RenditionKey(path: components.suffix(2).joined(separator: "/")) else {
                return nil
            }
            assetId = String(components[3])
            part = .playlist
            self.rendition = rendition
            sequence = nil
            keyId = nil
        case "media":
            guard components.count >= 4 else { return nil }
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
            sequence = StreamURLs.sequence(query["seq"])
            keyId = nil
        default:
            return nil
        }
        self.playSessionId = playSessionId
        clientAddress = request.remoteAddress
    }
}
