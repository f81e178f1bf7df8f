/// Where things were in the text of a parsed media playlist, so validation of parsed text
/// can name lines and check ordering rules the model itself does not keep.
public struct MediaPlaylistSourceMap: Sendable, Hashable {
    /// For each segment, the line of its `EXTINF`.
    public var segmentLines: [Int] = []
    /// For each DATERANGE in ``MediaPlaylist/allDateRanges`` order, its line.
    public var dateRangeLines: [Int] = []
    /// The line of the first media segment tag or URI.
    public var firstSegmentLine: Int?
    /// The line of the first `EXT-X-DISCONTINUITY`.
    public var firstDiscontinuityLine: Int?
    /// The line of `EXT-X-TARGETDURATION`.
    public var targetDurationLine: Int?
    /// The line of `EXT-X-MEDIA-SEQUENCE`.
    public var mediaSequenceLine: Int?
    /// The line of `EXT-X-DISCONTINUITY-SEQUENCE`.
    public var discontinuitySequenceLine: Int?
    /// The line of `EXT-X-PLAYLIST-TYPE`.
    public var playlistTypeLine: Int?
    /// The line of `EXT-X-ENDLIST`.
    public var endListLine: Int?
    /// The line of `EXT-X-SKIP`.
    public var skipLine: Int?
    /// Lines of `EXT-X-PROGRAM-DATE-TIME` values written without milliseconds or without a zone.
    public var programDateTimeLinesLackingMillisecondsOrZone: [Int] = []

    /// Creates an empty map (what a playlist built in code has).
    public init() {}
}

/// Where the entries of a parsed multivariant playlist were in its text.
public struct MasterPlaylistSourceMap: Sendable, Hashable {
    /// For each variant, the line of its `EXT-X-STREAM-INF`.
    public var variantLines: [Int] = []
    /// For each rendition, the line of its `EXT-X-MEDIA`.
    public var renditionLines: [Int] = []

    /// Creates an empty map.
    public init() {}
}
