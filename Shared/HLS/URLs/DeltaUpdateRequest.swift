import Foundation

/// The `_HLS_skip` delivery directive (RFC 8216bis §6.2.5.1): a client asks for a Playlist
/// Delta Update by adding `_HLS_skip=YES` to the media playlist's URL.
public enum DeltaUpdateRequest {
    /// The query item's name.
    public static let directiveName = "_HLS_skip"

    /// `playlistURL` with `_HLS_skip=YES` added to its query (any query it has is kept).
    public static func url(for playlistURL: URL) -> URL {
        guard var components = URLComponents(url: playlistURL, resolvingAgainstBaseURL: true) else { return playlistURL }
        let directive = "\(directiveName)=YES"
        components.percentEncodedQuery = components.percentEncodedQuery.map { "\($0)&\(directive)" } ?? directive
        return components.url ?? playlistURL
    }
}
