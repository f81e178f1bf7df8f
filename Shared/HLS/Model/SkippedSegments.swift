/// `EXT-X-SKIP` (RFC 8216bis §4.4.5.2): in a Playlist Delta Update, stands for the first
/// `count` segments of the full playlist — their URI lines and media segment tags — which the
/// client already has from its previous copy.
///
/// EXT-X-MEDIA-SEQUENCE and EXT-X-DISCONTINUITY-SEQUENCE of a delta update are those of the full
/// playlist, so the first listed segment is number `MEDIA-SEQUENCE + count`.
public struct SkippedSegments: Sendable, Hashable {
    /// `SKIPPED-SEGMENTS`: how many segments the tag replaces.
    public var count: Int
    /// `RECENTLY-REMOVED-DATERANGES`: the IDs of DATERANGEs removed from the playlist, present
    /// only when the update also skips DATERANGE tags (`_HLS_skip=v2`); an empty list is
    /// written as an empty quoted string.
    public var recentlyRemovedDateRangeIDs: [String]?
    /// Attributes of later drafts kept verbatim.
    public var otherAttributes: [HLSAttribute]

    /// Creates the tag's attributes.
    public init(count: Int, recentlyRemovedDateRangeIDs: [String]? = nil, otherAttributes: [HLSAttribute] = []) {
        self.count = count
        self.recentlyRemovedDateRangeIDs = recentlyRemovedDateRangeIDs
        self.otherAttributes = otherAttributes
    }
}
