import Foundation

/// The `_HLS_skip` delivery directive (RFC 8216bis §6.2.5.1): a client asks for a Playlist
/// Delta Update by adding `_HLS_skip=YES` or `_HLS_skip=v2` to the media playlist's URL.
public enum DeltaUpdateRequest: String, Sendable, CaseIterable {
    /// `YES`: skip the segments further from the end than the Skip Boundary.
    case skippingSegments = "YES"
    /// `v2`: skip those segments and every EXT-X-DATERANGE tag added to the playlist more
    /// than the Skip Boundary before the request; only when the playlist offers
    /// `CAN-SKIP-DATERANGES=YES`.
    case skippingSegmentsAndDateRanges = "v2"

    /// The query item's name.
    public static let directiveName = "_HLS_skip"

    /// The smallest update a playlist with `control` offers (v2 when it can skip DATERANGEs),
    /// or nil when it offers none (no `CAN-SKIP-UNTIL`).
    public init?(offeredBy control: ServerControl?) {
        guard control?.canSkipUntil != nil else { return nil }
        self = control?.canSkipDateRanges == true ? .skippingSegmentsAndDateRanges : .skippingSegments
    }

    /// Every update a playlist with `control` answers: none without `CAN-SKIP-UNTIL`, YES with
    /// it, and v2 as well with `CAN-SKIP-DATERANGES=YES`.
    public static func offered(by control: ServerControl?) -> [DeltaUpdateRequest] {
        switch DeltaUpdateRequest(offeredBy: control) {
        case nil: []
        case .skippingSegments: [.skippingSegments]
        case .skippingSegmentsAndDateRanges: [.skippingSegments, .skippingSegmentsAndDateRanges]
        }
    }

    /// `playlistURL` with this directive added to its query (any query it has is kept).
    public func url(for playlistURL: URL) -> URL {
        guard var components = URLComponents(url: playlistURL, resolvingAgainstBaseURL: true) else { return playlistURL }
        let directive = "\(Self.directiveName)=\(rawValue)"
        components.percentEncodedQuery = components.percentEncodedQuery.map { "\($0)&\(directive)" } ?? directive
        return components.url ?? playlistURL
    }

    /// Whether `url` asks for the playlist at `playlistURL`, in full or as a delta update.
    public static func asksForPlaylist(_ url: URL, at playlistURL: URL) -> Bool {
        url == playlistURL || allCases.contains { $0.url(for: playlistURL) == url }
    }
}
