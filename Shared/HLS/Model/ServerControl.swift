/// `EXT-X-SERVER-CONTROL` (RFC 8216bis §4.4.3.8): what the server can do for clients of a
/// media playlist — Playlist Delta Updates, blocking reloads — and how far from the live edge
/// it recommends playing.
///
/// Every attribute is optional and kept as written, so `CAN-BLOCK-RELOAD=NO` and an absent
/// `CAN-BLOCK-RELOAD` stay different after a round trip.
public struct ServerControl: Sendable, Hashable {
    /// `CAN-SKIP-UNTIL`: the Skip Boundary. The server answers `_HLS_skip=YES` with a Playlist
    /// Delta Update that replaces the segments older than this (from the playlist's end) with
    /// `EXT-X-SKIP`. At least six target durations.
    public var canSkipUntil: HLSDuration?
    /// `CAN-SKIP-DATERANGES`: YES when delta updates can also skip older `EXT-X-DATERANGE`
    /// tags (`_HLS_skip=v2`).
    public var canSkipDateRanges: Bool?
    /// `HOLD-BACK`: the recommended minimum distance from the playlist's end to play at.
    public var holdBack: HLSDuration?
    /// `PART-HOLD-BACK`: the same in low-latency mode (partial segments).
    public var partHoldBack: HLSDuration?
    /// `CAN-BLOCK-RELOAD`: YES when the server holds reloads that ask for a future segment.
    public var canBlockReload: Bool?
    /// Attributes of later drafts kept verbatim.
    public var otherAttributes: [HLSAttribute]

    /// Creates the tag's attributes.
    public init(
        canSkipUntil: HLSDuration? = nil, canSkipDateRanges: Bool? = nil, holdBack: HLSDuration? = nil,
        partHoldBack: HLSDuration? = nil, canBlockReload: Bool? = nil, otherAttributes: [HLSAttribute] = []
    ) {
        self.canSkipUntil = canSkipUntil
        self.canSkipDateRanges = canSkipDateRanges
        self.holdBack = holdBack
        self.partHoldBack = partHoldBack
        self.canBlockReload = canBlockReload
        self.otherAttributes = otherAttributes
    }
}
