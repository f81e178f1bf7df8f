/// Where a stream fault strikes, in stream terms rather than as a path: which asset or channel,
/// which play session, which rendition, which segment, and whether its segments, its media
/// playlist or (an encrypted stream) its keys. Every field is optional; a rule with an empty
/// target strikes every stream.
///
/// ```json
/// {"stream": {"assetId": "news-24", "segmentsFromNow": 2, "bandwidth": 600848}, "status": 404, "times": 1}
/// ```
///
/// A segment named by `segmentsFromNow` or `atSeconds` is resolved to its media sequence
/// number when the rule is added; the rule in force (and `GET /_mock/faults`) shows it as
/// `sequence`.
public struct StreamTarget: Codable, Sendable, Equatable {
    /// What of the stream the fault strikes.
    public enum Part: String, Codable, Sendable, Equatable {
        /// Media segments (the default for a rule that does not change playlists).
        case segments
        /// Media playlists (the default, and the only choice, for a rule with `playlist` changes).
        case playlist
        /// The key server's answers for an encrypted stream (`/keys/{keyId}`); with a segment
        /// named, the key of that segment's key period.
        case key
    }

    /// The asset or channel whose stream it is; nil: every stream.
    public var assetId: String?
    /// Only requests of this play session (sent as `X-Playback-Session-Id`, as the SDK's player
    /// and AVPlayer do; a key request without the header is of the play session its token
    /// names); nil: every client.
    public var playSessionId: String?
    /// Only requests from this client address (e.g. `127.0.0.1`).
    public var clientAddress: String?
    /// Segments, the media playlist or the keys; nil: see ``Part``.
    public var part: Part?
    /// The segment with this media sequence number (needs `assetId`: it is checked against the
    /// stream's window).
    public var sequence: Int?
    /// The N-th segment a live channel publishes from now on (1: the next one).
    public var segmentsFromNow: Int?
    /// The segment playing at this many seconds into a VOD title.
    public var atSeconds: Double?
    /// The video rendition of the variant with this `BANDWIDTH`.
    public var bandwidth: Int?
    /// The video rendition of the variant with this `RESOLUTION`, e.g. `640x360`.
    public var resolution: String?
    /// The audio or subtitle renditions of this `GROUP-ID` (`audio`, `subs`).
    public var group: String?
    /// Within `group`, only the rendition of this `LANGUAGE`.
    public var language: String?

    /// A target; with no arguments, every stream.
    public init(
        assetId: String? = nil, playSessionId: String? = nil, clientAddress: String? = nil, part: Part? = nil, sequence: Int? = nil,
        segmentsFromNow: Int? = nil, atSeconds: Double? = nil, bandwidth: Int? = nil, resolution: String? = nil,
        group: String? = nil, language: String? = nil
    ) {
        self.assetId = assetId
        self.playSessionId = playSessionId
        self.clientAddress = clientAddress
        self.part = part
        self.sequence = sequence
        self.segmentsFromNow = segmentsFromNow
        self.atSeconds = atSeconds
        self.bandwidth = bandwidth
        self.resolution = resolution
        self.group = group
        self.language = language
    }
}
