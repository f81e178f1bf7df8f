/// A media playlist: the segments of one rendition (RFC 8216 §4.3.3).
///
/// Header values that may be absent in the text are optional, so a parsed playlist says
/// exactly what was written and the validator can tell "absent" from "zero".
public struct MediaPlaylist: Sendable, Hashable {
    /// `EXT-X-VERSION`.
    public var version: Int?
    /// `EXT-X-TARGETDURATION` in whole seconds.
    public var targetDuration: Int?
    /// `EXT-X-MEDIA-SEQUENCE`: the sequence number of the first segment (absent means 0).
    public var mediaSequence: Int?
    /// `EXT-X-DISCONTINUITY-SEQUENCE`: discontinuities before the first segment (absent means 0).
    public var discontinuitySequence: Int?
    /// `EXT-X-PLAYLIST-TYPE`; nil for live playlists.
    public var playlistType: PlaylistType?
    /// `EXT-X-INDEPENDENT-SEGMENTS`.
    public var independentSegments: Bool
    /// `EXT-X-SERVER-CONTROL`: delta updates and hold-back the server offers.
    public var serverControl: ServerControl?
    /// `EXT-X-SKIP`: set only in a Playlist Delta Update, where ``segments`` lists what
    /// follows the skipped ones.
    public var skipped: SkippedSegments?
    /// Header tags the library does not model, verbatim and in order.
    public var headerTags: [String]
    /// The segments in playback order.
    public var segments: [MediaSegment]
    /// DATERANGE tags after the last segment.
    public var trailingDateRanges: [DateRange]
    /// Unmodelled tags after the last segment (e.g. `EXT-X-PRELOAD-HINT`), verbatim.
    public var trailingTags: [String]
    /// `EXT-X-ENDLIST`: no more segments will be added.
    public var endList: Bool

    /// Creates a media playlist.
    public init(
        version: Int? = nil,
        targetDuration: Int?,
        mediaSequence: Int? = nil,
        discontinuitySequence: Int? = nil,
        playlistType: PlaylistType? = nil,
        independentSegments: Bool = false,
        serverControl: ServerControl? = nil,
        skipped: SkippedSegments? = nil,
        headerTags: [String] = [],
        segments: [MediaSegment] = [],
        trailingDateRanges: [DateRange] = [],
        trailingTags: [String] = [],
        endList: Bool = false
    ) {
        self.version = version
        self.targetDuration = targetDuration
        self.mediaSequence = mediaSequence
        self.discontinuitySequence = discontinuitySequence
        self.playlistType = playlistType
        self.independentSegments = independentSegments
        self.serverControl = serverControl
        self.skipped = skipped
        self.headerTags = headerTags
        self.segments = segments
        self.trailingDateRanges = trailingDateRanges
        self.trailingTags = trailingTags
        self.endList = endList
    }

    /// The media sequence number of the playlist's first segment (in a delta update, of the
    /// first skipped one).
    public var firstMediaSequence: Int { mediaSequence ?? 0 }

    /// The discontinuity sequence number of the playlist's first segment (in a delta update,
    /// of the first skipped one).
    public var firstDiscontinuitySequence: Int { discontinuitySequence ?? 0 }

    /// Whether this is a Playlist Delta Update (it has `EXT-X-SKIP`).
    public var isDeltaUpdate: Bool { skipped != nil }

    /// How many segments `EXT-X-SKIP` stands for (0 in a full playlist).
    public var skippedSegmentCount: Int { skipped?.count ?? 0 }

    /// The media sequence number of the segment at `index` of ``segments``.
    public func mediaSequence(ofSegmentAt index: Int) -> Int { firstMediaSequence + skippedSegmentCount + index }

    /// The sum of all `EXTINF` durations.
    public var totalDuration: HLSDuration {
        segments.reduce(.zero) { $0 + $1.duration }
    }

    /// Every DATERANGE tag in document order: the segments' then the trailing ones.
    public var allDateRanges: [DateRange] {
        segments.flatMap(\.dateRanges) + trailingDateRanges
    }
}

/// The `EXT-X-PLAYLIST-TYPE` values.
public enum PlaylistType: String, Sendable, Hashable {
    /// The playlist never changes.
    case vod = "VOD"
    /// Segments are only appended.
    case event = "EVENT"
}
