/// Reads sprite WebVTT block by block (blocks are separated by blank lines).
struct SpriteVTTParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var lines: LineScanner

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(HLSParseError) -> SpriteTrack {
        var parser = SpriteVTTParser(bytes: bytes, lines: LineScanner(bytes))
        return try parser.run()
    }

    private mutating func run() throws(HLSParseError) -> SpriteTrack {
        guard let signature = lines.next(), bytes.hasPrefix("WEBVTT", from: signature.start, to: signature.end),
            signature.end - signature.start == 6 || bytes[signature.start + 6] == UInt8(ascii: " ")
                || bytes[signature.start + 6] == UInt8(ascii: "\t")
        else { throw HLSParseError(line: 1, message: "A WebVTT file must start with WEBVTT.") }
        // Header lines run up to the first blank line.
        while let line = lines.next(), !line.isEmpty {}

        var cues: [SpriteCue] = []
        while let block = nextBlockStart() {
            if isBlock(block, named: "NOTE") || isBlock(block, named: "STYLE") || isBlock(block, named: "REGION") {
                skipBlock()
            } else {
                cues.append(try readCue(startingWith: block))
            }
        }
        return SpriteTrack(cues: cues)
    }

    private mutating func nextBlockStart() -> TextLine? {
        while let line = lines.next() {
            if !line.isEmpty { return line }
        }
        return nil
    }

    private mutating func skipBlock() {
        while let line = lines.next(), !line.isEmpty {}
    }

    private func isBlock(_ line: TextLine, named name: StaticString) -> Bool {
        guard bytes.hasPrefix(name, from: line.start, to: line.end) else { return false }
        let after = line.start + name.utf8CodeUnitCount
        return after == line.end || bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\t")
    }

    private func arrowIndex(in line: TextLine) -> Int? {
        var index = line.start
        while index + 3 <= line.end {
            if bytes.hasPrefix("-->", from: index, to: line.end) { return index }
            index += 1
        }
        return nil
    }

    private mutating func readCue(startingWith first: TextLine) throws(HLSParseError) -> SpriteCue {
        var timing = first
        var identifier: String?
        if arrowIndex(in: first) == nil {
            identifier = bytes.string(from: first.start, to: first.end)
            guard let next = lines.next(), !next.isEmpty else {
                throw HLSParseError(
                    line: first.number + 1, message: "A cue identifier must be followed by a timing line \"start --> end\".")
            }
            timing = next
        }
        guard let arrow = arrowIndex(in: timing) else {
            throw HLSParseError(line: timing.number, message: "Expected a cue timing line \"start --> end\".")
        }
        var startEnd = arrow
        while startEnd > timing.start, bytes[startEnd - 1] == UInt8(ascii: " ") || bytes[startEnd - 1] == UInt8(ascii: "\t") {
            startEnd -= 1
        }
        var endStart = arrow + 3
        while endStart < timing.end, bytes[endStart] == UInt8(ascii: " ") || bytes[endStart] == UInt8(ascii: "\t") { endStart += 1 }
        var endEnd = endStart
        while endEnd < timing.end, bytes[endEnd] != UInt8(ascii: " "), bytes[endEnd] != UInt8(ascii: "\t") { endEnd += 1 }
        guard let start = WebVTTTimestamp.read(bytes, from: timing.start, to: startEnd),
            let end = WebVTTTimestamp.read(bytes, from: endStart, to: endEnd)
        else {
            throw HLSParseError(
                line: timing.number,
                message: "Cue timestamps must be hh:mm:ss.mmm or mm:ss.mmm, found \"\(bytes.string(from: timing.start, to: timing.end))\".")
        }
        guard end > start else {
            throw HLSParseError(line: timing.number, message: "The cue ends at or before its start.")
        }
        guard let payload = lines.next(), !payload.isEmpty else {
            throw HLSParseError(line: timing.number + 1, message: "The cue has no image reference.")
        }
        let (image, region) = try readImageReference(payload)
        skipBlock()
        return SpriteCue(identifier: identifier, startMilliseconds: start, endMilliseconds: end, image: image, region: region)
    }

    /// `url#xywh=x,y,w,h` (also `#xywh=pixel:…`); a reference without the fragment shows the whole image.
    private func readImageReference(_ line: TextLine) throws(HLSParseError) -> (String, SpriteRegion?) {
        var fragment = line.end
        var index = line.end - 6
        while index >= line.start {
            if bytes.hasPrefix("#xywh=", from: index, to: line.end) {
                fragment = index
                break
            }
            index -= 1
        }
        let image = bytes.string(from: line.start, to: fragment)
        guard fragment < line.end else { return (image, nil) }
        var valueStart = fragment + 6
        if bytes.hasPrefix("pixel:", from: valueStart, to: line.end) { valueStart += 6 }
        var values: [Int] = []
        var numberStart = valueStart
        for position in valueStart...line.end where position == line.end || bytes[position] == UInt8(ascii: ",") {
            guard let value = bytes.integer(from: numberStart, to: position) else { break }
            values.append(value)
            numberStart = position + 1
        }
        guard values.count == 4, image.isEmpty == false else {
            throw HLSParseError(
                line: line.number,
                message: "The image reference must be <url>#xywh=x,y,w,h, found \"\(bytes.string(from: line.start, to: line.end))\".")
        }
        return (image, SpriteRegion(x: values[0], y: values[1], width: values[2], height: values[3]))
    }
}

/// WebVTT timestamps: `hh:mm:ss.mmm` (hours may have more digits) or `mm:ss.mmm`.
enum WebVTTTimestamp {
    /// The most hours a timestamp may have: over a century, longer than any track, and far from
    /// overflowing a count of milliseconds.
    static let maxHours = 999_999

    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int64? {
        let dot = bytes.firstIndex(of: UInt8(ascii: "."), from: start, to: end)
        guard end - dot == 4, let millis = bytes.integer(from: dot + 1, to: end) else { return nil }
        var fields: [Int] = []
        var fieldStart = start
        for position in start...dot where position == dot || bytes[position] == UInt8(ascii: ":") {
            guard let value = bytes.integer(from: fieldStart, to: position) else { return nil }
            fields.append(value)
            fieldStart = position + 1
        }
        let hours: Int
        switch fields.count {
        case 2: hours = 0
        case 3: hours = fields[0]
        default: return nil
        }
        let minutes = fields[fields.count - 2]
        let seconds = fields[fields.count - 1]
        guard hours <= maxHours, minutes < 60, seconds < 60 else { return nil }
        return ((Int64(hours) * 60 + Int64(minutes)) * 60 + Int64(seconds)) * 1000 + Int64(millis)
    }
}
