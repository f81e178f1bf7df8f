import HLS

/// One item of the timed metadata ``Player/onTimedMetadataChanged(callback:)`` hands over, where
/// the official SDK hands `AVMetadataItem`s: an EXT-X-DATERANGE range active at the playhead, or
/// a frame of an ID3 tag the stream's segments carry (`PRIV`, `TXXX`, …) that the playhead reached.
public enum TimedMetadata: Sendable, Hashable {
    /// An ID3 frame, nameable as `TimedMetadata.ID3Frame` without importing `HLS`.
    public typealias ID3Frame = HLS.ID3Frame

    /// A date range of the media playlist (filtered by `metadataIdentifiers`).
    case dateRange(DateRangeMetadata)
    /// A frame of an ID3 tag in the segments, reported when the playhead reaches it.
    case id3(ID3Frame)
}
