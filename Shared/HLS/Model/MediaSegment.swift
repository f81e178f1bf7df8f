/// One media segment of a media playlist with the tags that apply to it.
public struct MediaSegment: Sendable, Hashable {
    /// The segment URI as written (often relative to the playlist).
    public var uri: String
    /// The `EXTINF` duration.
    public var duration: HLSDuration
    /// The `EXTINF` title after the comma; usually empty.
    public var title: String
    /// An `EXT-X-DISCONTINUITY` precedes the segment.
    public var discontinuity: Bool
    /// The `EXT-X-PROGRAM-DATE-TIME` of the segment's first sample, when tagged.
    public var programDateTime: HLSDate?
    /// The `EXT-X-BYTERANGE` of the segment within its resource.
    public var byteRange: ByteRange?
    /// `EXT-X-GAP`: the segment is known to be missing.
    public var gap: Bool
    /// `EXT-X-DATERANGE` tags written just before this segment.
    public var dateRanges: [DateRange]
    /// Tags the library does not model (e.g. `EXT-X-KEY`, `EXT-X-MAP`), verbatim and in order,
    /// written before the segment's `EXTINF`.
    public var otherTags: [String]

    /// Creates a segment.
    public init(
        uri: String,
        duration: HLSDuration,
        title: String = "",
        discontinuity: Bool = false,
        programDateTime: HLSDate? = nil,
        byteRange: ByteRange? = nil,
        gap: Bool = false,
        dateRanges: [DateRange] = [],
        otherTags: [String] = []
    ) {
        self.uri = uri
        self.duration = duration
        self.title = title
        self.discontinuity = discontinuity
        self.programDateTime = programDateTime
        self.byteRange = byteRange
        self.gap = gap
        self.dateRanges = dateRanges
        self.otherTags = otherTags
    }
}
