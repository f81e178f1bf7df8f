/// One `EXT-X-MEDIA` rendition of a multivariant playlist: an audio track, a subtitle
/// track, closed captions or an alternative video.
public struct Rendition: Sendable, Hashable {
    /// `TYPE`.
    public var type: MediaType
    /// `GROUP-ID`: the group variants refer to.
    public var groupID: String
    /// `NAME`: the human-readable label, unique in the group.
    public var name: String
    /// `LANGUAGE` (RFC 5646 tag).
    public var language: String?
    /// `ASSOC-LANGUAGE`.
    public var associatedLanguage: String?
    /// `DEFAULT`; nil when absent (which means NO).
    public var isDefault: Bool?
    /// `AUTOSELECT`; nil when absent (which means NO).
    public var autoselect: Bool?
    /// `FORCED`; nil when absent. Only meaningful for subtitles.
    public var forced: Bool?
    /// `INSTREAM-ID`, e.g. `CC1`, for closed captions.
    public var instreamID: String?
    /// `CHARACTERISTICS`, e.g. `public.accessibility.describes-video`.
    public var characteristics: String?
    /// `CHANNELS`, e.g. `2` or `16/JOC`.
    public var channels: String?
    /// `URI` of the rendition's media playlist; nil for closed captions and muxed tracks.
    public var uri: String?
    /// Attributes without a field here, verbatim.
    public var otherAttributes: [HLSAttribute]

    /// The `TYPE` values.
    public enum MediaType: String, Sendable, Hashable {
        /// `AUDIO`.
        case audio = "AUDIO"
        /// `VIDEO`.
        case video = "VIDEO"
        /// `SUBTITLES` (WebVTT).
        case subtitles = "SUBTITLES"
        /// `CLOSED-CAPTIONS` (CEA-608/708 in the video).
        case closedCaptions = "CLOSED-CAPTIONS"
    }

    /// Creates a rendition.
    public init(
        type: MediaType,
        groupID: String,
        name: String,
        language: String? = nil,
        associatedLanguage: String? = nil,
        isDefault: Bool? = nil,
        autoselect: Bool? = nil,
        forced: Bool? = nil,
        instreamID: String? = nil,
        characteristics: String? = nil,
        channels: String? = nil,
        uri: String? = nil,
        otherAttributes: [HLSAttribute] = []
    ) {
        self.type = type
        self.groupID = groupID
        self.name = name
        self.language = language
        self.associatedLanguage = associatedLanguage
        self.isDefault = isDefault
        self.autoselect = autoselect
        self.forced = forced
        self.instreamID = instreamID
        self.characteristics = characteristics
        self.channels = channels
        self.uri = uri
        self.otherAttributes = otherAttributes
    }
}
