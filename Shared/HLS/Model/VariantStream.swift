/// One `EXT-X-STREAM-INF` variant of a multivariant playlist and its URI.
public struct VariantStream: Sendable, Hashable {
    /// The URI of the variant's media playlist.
    public var uri: String
    /// `BANDWIDTH`: peak bits per second.
    public var bandwidth: Int
    /// `AVERAGE-BANDWIDTH`: average bits per second.
    public var averageBandwidth: Int?
    /// `CODECS`, e.g. `avc1.64001f,mp4a.40.2`.
    public var codecs: String?
    /// `RESOLUTION`.
    public var resolution: Resolution?
    /// `FRAME-RATE`, written with three decimals.
    public var frameRate: Double?
    /// `AUDIO`: the GROUP-ID of the audio renditions.
    public var audioGroup: String?
    /// `VIDEO`: the GROUP-ID of the video renditions.
    public var videoGroup: String?
    /// `SUBTITLES`: the GROUP-ID of the subtitle renditions.
    public var subtitlesGroup: String?
    /// `CLOSED-CAPTIONS`.
    public var closedCaptions: ClosedCaptions?
    /// Attributes without a field here (e.g. `HDCP-LEVEL`), verbatim.
    public var otherAttributes: [HLSAttribute]

    /// The `CLOSED-CAPTIONS` attribute: a group id or the enumerated `NONE`.
    public enum ClosedCaptions: Sendable, Hashable {
        /// The GROUP-ID of the closed-caption renditions.
        case group(String)
        /// `CLOSED-CAPTIONS=NONE`: the variant carries no captions.
        case none
    }

    /// Creates a variant.
    public init(
        uri: String,
        bandwidth: Int,
        averageBandwidth: Int? = nil,
        codecs: String? = nil,
        resolution: Resolution? = nil,
        frameRate: Double? = nil,
        audioGroup: String? = nil,
        videoGroup: String? = nil,
        subtitlesGroup: String? = nil,
        closedCaptions: ClosedCaptions? = nil,
        otherAttributes: [HLSAttribute] = []
    ) {
        self.uri = uri
        self.bandwidth = bandwidth
        self.averageBandwidth = averageBandwidth
        self.codecs = codecs
        self.resolution = resolution
        self.frameRate = frameRate
        self.audioGroup = audioGroup
        self.videoGroup = videoGroup
        self.subtitlesGroup = subtitlesGroup
        self.closedCaptions = closedCaptions
        self.otherAttributes = otherAttributes
    }
}
