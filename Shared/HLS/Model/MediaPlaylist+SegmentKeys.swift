/// Which key each segment of a media playlist is encrypted with, as a player reads it.
extension MediaPlaylist {
    /// The `EXT-X-KEY` in force at each segment, in order: nil for a clear segment. A key
    /// applies from the segment it is written before until the next `EXT-X-KEY` (RFC 8216
    /// §4.3.2.4); `initial` is the one in force before the first segment (for a Playlist Delta
    /// Update, that of the skipped segments); a tag among the ``headerTags`` (written before the
    /// first segment and its other tags) applies from the first segment. Of several tags written
    /// together, the one of the `identity` key format counts (the others name key systems).
    /// - Throws: ``HLSParseError`` for a malformed tag, for keys only in other key formats, and
    ///   for `SAMPLE-AES`: nothing an AES-128 player can decrypt.
    public func segmentKeys(startingWith initial: SegmentKey?) throws(HLSParseError) -> [SegmentKey?] {
        var current = try Self.key(writtenIn: headerTags) ?? initial
        var keys: [SegmentKey?] = []
        keys.reserveCapacity(segments.count)
        for segment in segments {
            current = try Self.key(writtenIn: segment.otherTags) ?? current
            keys.append(current)
        }
        return keys
    }

    /// The key `tags` set (inner nil: `METHOD=NONE`), or nil when they hold no `EXT-X-KEY`.
    private static func key(writtenIn tags: [String]) throws(HLSParseError) -> SegmentKey?? {
        var written: [SegmentKey] = []
        for line in tags where TagAttributes.isTag("EXT-X-KEY", line: line) { written.append(try SegmentKey(line: line)) }
        return written.isEmpty ? nil : .some(try playable(written))
    }

    /// The key of `written` (tags of one segment) a player decrypts with; nil for `METHOD=NONE`.
    private static func playable(_ written: [SegmentKey]) throws(HLSParseError) -> SegmentKey? {
        guard let key = written.first(where: { ($0.keyFormat ?? SegmentKey.identityKeyFormat) == SegmentKey.identityKeyFormat })
        else {
            let formats = written.compactMap(\.keyFormat).joined(separator: ", ")
            throw HLSParseError(line: 1, message: "EXT-X-KEY: no key in the identity format, only \(formats)")
        }
        switch key.method {
        case .none: return nil
        case .aes128: return key
        case .sampleAES: throw HLSParseError(line: 1, message: "EXT-X-KEY: METHOD=SAMPLE-AES cannot be decrypted here, only AES-128")
        }
    }
}
