/// Writes playlists as UTF-8 text with LF line endings. Output is deterministic: tags and
/// attributes always come in the same order, durations and dates in one spelling.
public enum HLSWriter {
    /// The bytes of a media playlist.
    public static func bytes(_ playlist: MediaPlaylist) -> [UInt8] {
        // ~80 bytes per segment with PROGRAM-DATE-TIME; one allocation for typical playlists.
        var writer = ByteWriter(capacity: 256 + playlist.segments.count * 96)
        writer.append(playlist)
        return writer.bytes
    }

    /// The text of a media playlist.
    public static func string(_ playlist: MediaPlaylist) -> String {
        String(decoding: bytes(playlist), as: UTF8.self)
    }

    /// The bytes of a multivariant playlist.
    public static func bytes(_ playlist: MasterPlaylist) -> [UInt8] {
        var writer = ByteWriter(capacity: 256 + playlist.entries.count * 160)
        writer.append(playlist)
        return writer.bytes
    }

    /// The text of a multivariant playlist.
    public static func string(_ playlist: MasterPlaylist) -> String {
        String(decoding: bytes(playlist), as: UTF8.self)
    }

    /// One `#EXT-X-DATERANGE:…` line (without newline), e.g. for logs and tests.
    public static func tagLine(_ range: DateRange) -> String {
        var writer = ByteWriter(capacity: 256)
        writer.append(range)
        writer.bytes.removeLast()
        return writer.string
    }
}
