/// Reads playlists from bytes (UTF-8; CRLF, a byte-order mark and a missing final newline
/// are fine). Unknown tags are kept; malformed text throws an ``HLSParseError`` naming the line.
public enum HLSParser {
    /// A playlist of either kind.
    public enum Playlist: Sendable, Hashable {
        /// A multivariant playlist.
        case master(MasterPlaylist)
        /// A media playlist.
        case media(MediaPlaylist)
    }

    /// Reads a media playlist.
    public static func parseMedia(_ bytes: some Collection<UInt8>) throws(HLSParseError) -> MediaPlaylist {
        try parseMediaWithSourceMap(bytes).playlist
    }

    /// Reads a media playlist from text.
    public static func parseMedia(_ text: String) throws(HLSParseError) -> MediaPlaylist {
        try parseMedia(text.utf8)
    }

    /// Reads a media playlist and where its parts were, for line-numbered validation.
    public static func parseMediaWithSourceMap(_ bytes: some Collection<UInt8>)
        throws(HLSParseError) -> (playlist: MediaPlaylist, sourceMap: MediaPlaylistSourceMap)
    {
        try withContiguousBytes(bytes) { buffer in
            Result { () throws(HLSParseError) in try MediaPlaylistParser.parse(buffer) }
        }.get()
    }

    /// Reads a multivariant playlist.
    public static func parseMaster(_ bytes: some Collection<UInt8>) throws(HLSParseError) -> MasterPlaylist {
        try parseMasterWithSourceMap(bytes).playlist
    }

    /// Reads a multivariant playlist from text.
    public static func parseMaster(_ text: String) throws(HLSParseError) -> MasterPlaylist {
        try parseMaster(text.utf8)
    }

    /// Reads a multivariant playlist and where its entries were.
    public static func parseMasterWithSourceMap(_ bytes: some Collection<UInt8>)
        throws(HLSParseError) -> (playlist: MasterPlaylist, sourceMap: MasterPlaylistSourceMap)
    {
        try withContiguousBytes(bytes) { buffer in
            Result { () throws(HLSParseError) in try MasterPlaylistParser.parse(buffer) }
        }.get()
    }

    /// Reads a playlist of either kind, telling them apart by their first distinctive tag.
    public static func parse(_ bytes: some Collection<UInt8>) throws(HLSParseError) -> Playlist {
        let isMaster = withContiguousBytes(bytes) { buffer in
            var lines = LineScanner(buffer)
            while let line = lines.next() {
                if buffer.hasPrefix("#EXT-X-STREAM-INF:", from: line.start, to: line.end)
                    || buffer.hasPrefix("#EXT-X-MEDIA:", from: line.start, to: line.end)
                {
                    return true
                }
                if buffer.hasPrefix("#EXTINF:", from: line.start, to: line.end)
                    || buffer.hasPrefix("#EXT-X-TARGETDURATION:", from: line.start, to: line.end)
                {
                    return false
                }
            }
            return false
        }
        return isMaster ? .master(try parseMaster(bytes)) : .media(try parseMedia(bytes))
    }

    /// Runs `body` on contiguous bytes, copying only collections that are not contiguous.
    static func withContiguousBytes<Result>(
        _ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }
}
