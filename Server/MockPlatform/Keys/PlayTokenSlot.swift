import Foundation

/// Where the requester's play token goes in an encrypted stream's playlists: key URIs, and
/// the master playlist's rendition URIs (so a player that follows them keeps the token).
/// Playlists are cached with the placeholder and filled in as they are served.
enum PlayTokenSlot {
    /// Text no id or URL of the mock contains (braces are never in a served URL).
    static let placeholder = "{playToken}"
    private static let placeholderBytes = Data(placeholder.utf8)

    /// `body` with every placeholder replaced by `token` (percent-encoded; empty when the
    /// request carried none, which the key server then refuses).
    static func fill(_ body: Data, token: String?) -> Data {
        let value = Data((token ?? "").addingPercentEncoding(withAllowedCharacters: StreamURLs.unreserved)?.utf8 ?? "".utf8)
        var filled = Data()
        filled.reserveCapacity(body.count)
        var searchFrom = body.startIndex
        while let found = body.range(of: placeholderBytes, in: searchFrom..<body.endIndex) {
            filled.append(body[searchFrom..<found.lowerBound])
            filled.append(value)
            searchFrom = found.upperBound
        }
        filled.append(body[searchFrom...])
        return filled
    }

    /// The URI with the placeholder as its `token` query.
    static func appended(to uri: String) -> String { uri + "?token=" + placeholder }
}
