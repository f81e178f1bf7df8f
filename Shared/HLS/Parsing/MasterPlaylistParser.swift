/// Reads a multivariant playlist from bytes, keeping unmodelled tags in place.
struct MasterPlaylistParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var playlist = MasterPlaylist(entries: [])
    private var sourceMap = MasterPlaylistSourceMap()
    /// An `EXT-X-STREAM-INF` waiting for its URI line.
    private var pendingVariant: (variant: VariantStream, line: Int)?

    /// Parses `bytes`, returning the playlist and where its entries were.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HLSParseError) -> (MasterPlaylist, MasterPlaylistSourceMap) {
        var parser = MasterPlaylistParser(bytes: bytes)
        var lines = LineScanner(bytes)
        try PlaylistHeader.expect(in: bytes, lines: &lines)
        while let line = lines.next() {
            if line.isEmpty { continue }
            if bytes[line.start] != UInt8(ascii: "#") {
                try parser.readURI(line)
            } else if bytes.hasPrefix("#EXT", from: line.start, to: line.end) {
                try parser.readTag(line)
            }
        }
        if let (_, line) = parser.pendingVariant {
            throw HLSParseError(line: line, message: "EXT-X-STREAM-INF is not followed by a URI line.")
        }
        return (parser.playlist, parser.sourceMap)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func readTag(_ line: TextLine) throws(HLSParseError) {
        let (start, end) = (line.start, line.end)
        if let value = bytes.index(after: "#EXT-X-STREAM-INF:", from: start, to: end) {
            if let (_, previous) = pendingVariant {
                throw HLSParseError(line: previous, message: "EXT-X-STREAM-INF is not followed by a URI line.")
            }
            let list = try AttributeList(bytes, from: value, to: end, tag: "EXT-X-STREAM-INF", line: line.number)
            pendingVariant = (try VariantStream(attributes: list), line.number)
        } else if let value = bytes.index(after: "#EXT-X-MEDIA:", from: start, to: end) {
            let list = try AttributeList(bytes, from: value, to: end, tag: "EXT-X-MEDIA", line: line.number)
            playlist.entries.append(.rendition(try Rendition(attributes: list)))
            sourceMap.renditionLines.append(line.number)
        } else if let value = bytes.index(after: "#EXT-X-VERSION:", from: start, to: end) {
            guard let version = bytes.integer(from: value, to: end) else {
                throw HLSParseError(
                    line: line.number, message: "EXT-X-VERSION must be a decimal integer, found \"\(bytes.string(from: value, to: end))\".")
            }
            playlist.version = version
        } else if bytes.equals("#EXT-X-INDEPENDENT-SEGMENTS", from: start, to: end) {
            playlist.independentSegments = true
        } else if bytes.hasPrefix("#EXTINF:", from: start, to: end)
            || bytes.hasPrefix("#EXT-X-TARGETDURATION:", from: start, to: end)
        {
            throw HLSParseError(line: line.number, message: "This is a media playlist tag, not allowed in a multivariant playlist.")
        } else if !bytes.equals("#EXTM3U", from: start, to: end) {
            playlist.entries.append(.tag(bytes.string(from: start, to: end)))
        }
    }

    private mutating func readURI(_ line: TextLine) throws(HLSParseError) {
        guard let (pendingTag, tagLine) = pendingVariant else {
            throw HLSParseError(line: line.number, message: "A URI line in a multivariant playlist must follow EXT-X-STREAM-INF.")
        }
        var variant = pendingTag
        variant.uri = bytes.string(from: line.start, to: line.end)
        playlist.entries.append(.variant(variant))
        sourceMap.variantLines.append(tagLine)
        pendingVariant = nil
    }
}
