import Clocks

/// Reads a media playlist from bytes in one pass, line by line, without a String per line:
/// only URIs, titles and unmodelled tags become Strings.
struct MediaPlaylistParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var playlist = MediaPlaylist(targetDuration: nil)
    private var sourceMap = MediaPlaylistSourceMap()
    /// Tags seen since the last URI line, for the segment the next URI line completes.
    private var pending = MediaSegment(uri: "", duration: .zero)
    private var pendingExtinfLine: Int?
    /// The first media segment tag (not DATERANGE or unmodelled) since the last URI line.
    private var pendingFirstSegmentTag: (line: Int, name: String)?

    /// Parses `bytes`, returning the playlist and where its parts were.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HLSParseError) -> (MediaPlaylist, MediaPlaylistSourceMap) {
        var parser = MediaPlaylistParser(bytes: bytes)
        try parser.run()
        return (parser.playlist, parser.sourceMap)
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A live segment (EXTINF + PROGRAM-DATE-TIME + URI) takes ~80 bytes; reserving up
        // front avoids re-copying a multi-hundred-KB array several times while it grows.
        let expectedSegments = bytes.count / 80
        playlist.segments.reserveCapacity(expectedSegments)
        sourceMap.segmentLines.reserveCapacity(expectedSegments)
    }

    private mutating func run() throws(HLSParseError) {
        var lines = LineScanner(bytes)
        try PlaylistHeader.expect(in: bytes, lines: &lines)
        while let line = lines.next() {
            if line.isEmpty { continue }
            if bytes[line.start] != UInt8(ascii: "#") {
                try readURI(line)
            } else if bytes.hasPrefix("#EXT", from: line.start, to: line.end) {
                try readTag(line)
            }
        }
        try finish()
    }

    private mutating func readTag(_ line: TextLine) throws(HLSParseError) {
        let (start, end) = (line.start, line.end)
        // Ordered by frequency: every segment has EXTINF, live ones also PROGRAM-DATE-TIME.
        if let value = bytes.index(after: "#EXTINF:", from: start, to: end) {
            try readExtinf(line, valueStart: value)
        } else if let value = bytes.index(after: "#EXT-X-PROGRAM-DATE-TIME:", from: start, to: end) {
            try readProgramDateTime(line, valueStart: value)
        } else if let value = bytes.index(after: "#EXT-X-DATERANGE:", from: start, to: end) {
            let list = try AttributeList(bytes, from: value, to: end, tag: "EXT-X-DATERANGE", line: line.number)
            pending.dateRanges.append(try DateRange(attributes: list))
            sourceMap.dateRangeLines.append(line.number)
        } else if bytes.equals("#EXT-X-DISCONTINUITY", from: start, to: end) {
            noteSegmentTag(line, name: "EXT-X-DISCONTINUITY")
            pending.discontinuity = true
            if sourceMap.firstDiscontinuityLine == nil { sourceMap.firstDiscontinuityLine = line.number }
        } else if let value = bytes.index(after: "#EXT-X-BYTERANGE:", from: start, to: end) {
            noteSegmentTag(line, name: "EXT-X-BYTERANGE")
            pending.byteRange = try readByteRange(line, from: value)
        } else if bytes.equals("#EXT-X-GAP", from: start, to: end) {
            noteSegmentTag(line, name: "EXT-X-GAP")
            pending.gap = true
        } else if let value = bytes.index(after: "#EXT-X-TARGETDURATION:", from: start, to: end) {
            playlist.targetDuration = try integer(line, from: value, tag: "EXT-X-TARGETDURATION")
            sourceMap.targetDurationLine = line.number
        } else if let value = bytes.index(after: "#EXT-X-MEDIA-SEQUENCE:", from: start, to: end) {
            playlist.mediaSequence = try integer(line, from: value, tag: "EXT-X-MEDIA-SEQUENCE")
            sourceMap.mediaSequenceLine = line.number
        } else if let value = bytes.index(after: "#EXT-X-DISCONTINUITY-SEQUENCE:", from: start, to: end) {
            playlist.discontinuitySequence = try integer(line, from: value, tag: "EXT-X-DISCONTINUITY-SEQUENCE")
            sourceMap.discontinuitySequenceLine = line.number
        } else if let value = bytes.index(after: "#EXT-X-PLAYLIST-TYPE:", from: start, to: end) {
            let text = bytes.string(from: value, to: end)
            guard let type = PlaylistType(rawValue: text) else {
                throw HLSParseError(line: line.number, message: "EXT-X-PLAYLIST-TYPE must be VOD or EVENT, found \"\(text)\".")
            }
            playlist.playlistType = type
            sourceMap.playlistTypeLine = line.number
        } else if bytes.equals("#EXT-X-ENDLIST", from: start, to: end) {
            playlist.endList = true
            sourceMap.endListLine = line.number
        } else if let value = bytes.index(after: "#EXT-X-VERSION:", from: start, to: end) {
            playlist.version = try integer(line, from: value, tag: "EXT-X-VERSION")
        } else if bytes.equals("#EXT-X-INDEPENDENT-SEGMENTS", from: start, to: end) {
            playlist.independentSegments = true
        } else if let value = bytes.index(after: "#EXT-X-SERVER-CONTROL:", from: start, to: end) {
            let list = try AttributeList(bytes, from: value, to: end, tag: "EXT-X-SERVER-CONTROL", line: line.number)
            playlist.serverControl = try ServerControl(attributes: list)
        } else if let value = bytes.index(after: "#EXT-X-SKIP:", from: start, to: end) {
            try readSkip(line, valueStart: value)
        } else if bytes.hasPrefix("#EXT-X-STREAM-INF:", from: start, to: end)
            || bytes.hasPrefix("#EXT-X-MEDIA:", from: start, to: end)
        {
            throw HLSParseError(line: line.number, message: "This is a multivariant playlist tag, not allowed in a media playlist.")
        } else if !bytes.equals("#EXTM3U", from: start, to: end) {
            let tag = bytes.string(from: start, to: end)
            if playlist.segments.isEmpty && pendingFirstSegmentTag == nil && pending.dateRanges.isEmpty
                && pending.otherTags.isEmpty
            {
                playlist.headerTags.append(tag)
            } else {
                pending.otherTags.append(tag)
            }
        }
    }

    private mutating func readExtinf(_ line: TextLine, valueStart: Int) throws(HLSParseError) {
        noteSegmentTag(line, name: "EXTINF")
        let comma = bytes.firstIndex(of: UInt8(ascii: ","), from: valueStart, to: line.end)
        guard let duration = bytes.duration(from: valueStart, to: comma) else {
            throw HLSParseError(
                line: line.number,
                message: "EXTINF duration must be decimal seconds, found \"\(bytes.string(from: valueStart, to: comma))\".")
        }
        pending.duration = duration
        pending.title = comma + 1 < line.end ? bytes.string(from: comma + 1, to: line.end) : ""
        pendingExtinfLine = line.number
    }

    private mutating func readProgramDateTime(_ line: TextLine, valueStart: Int) throws(HLSParseError) {
        noteSegmentTag(line, name: "EXT-X-PROGRAM-DATE-TIME")
        guard let reading = ISO8601.read(bytes, from: valueStart, to: line.end) else {
            throw HLSParseError(
                line: line.number,
                message: "EXT-X-PROGRAM-DATE-TIME must be an ISO-8601 date, found \"\(bytes.string(from: valueStart, to: line.end))\".")
        }
        if !reading.hasFraction || !reading.hasZone {
            sourceMap.programDateTimeLinesLackingMillisecondsOrZone.append(line.number)
        }
        pending.programDateTime = HLSDate(millisecondsSince1970: reading.millisecondsSince1970)
    }

    private mutating func readSkip(_ line: TextLine, valueStart: Int) throws(HLSParseError) {
        if let first = sourceMap.skipLine {
            throw HLSParseError(
                line: line.number, message: "EXT-X-SKIP appears again (first on line \(first)); a playlist has at most one.",
                ruleID: HLSRule.skipPosition.id)
        }
        let list = try AttributeList(bytes, from: valueStart, to: line.end, tag: "EXT-X-SKIP", line: line.number)
        playlist.skipped = try SkippedSegments(attributes: list)
        sourceMap.skipLine = line.number
    }

    private func readByteRange(_ line: TextLine, from start: Int) throws(HLSParseError) -> ByteRange {
        let at = bytes.firstIndex(of: UInt8(ascii: "@"), from: start, to: line.end)
        guard let length = bytes.integer(from: start, to: at) else {
            throw HLSParseError(
                line: line.number,
                message: "EXT-X-BYTERANGE must be <length>[@<offset>], found \"\(bytes.string(from: start, to: line.end))\".")
        }
        guard at < line.end else { return ByteRange(length: length) }
        guard let offset = bytes.integer(from: at + 1, to: line.end) else {
            throw HLSParseError(
                line: line.number,
                message: "EXT-X-BYTERANGE offset must be a decimal integer, found \"\(bytes.string(from: at + 1, to: line.end))\".")
        }
        return ByteRange(length: length, offset: offset)
    }

    private func integer(_ line: TextLine, from start: Int, tag: String) throws(HLSParseError) -> Int {
        guard let value = bytes.integer(from: start, to: line.end) else {
            throw HLSParseError(
                line: line.number, message: "\(tag) must be a decimal integer, found \"\(bytes.string(from: start, to: line.end))\".")
        }
        return value
    }

    private mutating func noteSegmentTag(_ line: TextLine, name: String) {
        if pendingFirstSegmentTag == nil { pendingFirstSegmentTag = (line.number, name) }
        if sourceMap.firstSegmentLine == nil { sourceMap.firstSegmentLine = line.number }
    }

    private mutating func readURI(_ line: TextLine) throws(HLSParseError) {
        guard let extinfLine = pendingExtinfLine else {
            throw HLSParseError(line: line.number, message: "A segment URI must follow an EXTINF tag.")
        }
        if sourceMap.firstSegmentLine == nil { sourceMap.firstSegmentLine = line.number }
        // Move the pending segment into the array by swapping it with a blank one: a copy
        // would retain and release every String and Array in it, once per segment.
        pending.uri = bytes.string(from: line.start, to: line.end)
        playlist.segments.append(MediaSegment(uri: "", duration: .zero))
        swap(&playlist.segments[playlist.segments.count - 1], &pending)
        sourceMap.segmentLines.append(extinfLine)
        pendingExtinfLine = nil
        pendingFirstSegmentTag = nil
    }

    private mutating func finish() throws(HLSParseError) {
        if let extinfLine = pendingExtinfLine {
            throw HLSParseError(line: extinfLine, message: "EXTINF is not followed by a segment URI.")
        }
        if let (line, name) = pendingFirstSegmentTag {
            throw HLSParseError(line: line, message: "\(name) is not followed by a segment.")
        }
        playlist.trailingDateRanges = pending.dateRanges
        playlist.trailingTags = pending.otherTags
    }
}
