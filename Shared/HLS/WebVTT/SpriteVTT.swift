/// Reads and writes sprite WebVTT files.
///
/// Reading accepts what real files contain besides cues: a text after `WEBVTT`, header
/// lines, cue identifiers, `NOTE`, `STYLE` and `REGION` blocks, `mm:ss.mmm` timestamps, cue
/// settings after the end time, CRLF and a byte-order mark. Writing always produces the
/// canonical form: `WEBVTT`, then `hh:mm:ss.mmm --> hh:mm:ss.mmm` and the image reference.
public enum SpriteVTT {
    /// The file text for a track.
    public static func string(_ track: SpriteTrack) -> String {
        String(decoding: bytes(track), as: UTF8.self)
    }

    /// The file bytes for a track.
    public static func bytes(_ track: SpriteTrack) -> [UInt8] {
        var writer = ByteWriter(capacity: 16 + track.cues.count * 80)
        writer.append("WEBVTT\n")
        for cue in track.cues {
            writer.appendNewline()
            if let identifier = cue.identifier {
                writer.appendSingleLine(identifier)
                writer.appendNewline()
            }
            writer.appendTimestamp(cue.startMilliseconds)
            writer.append(" --> ")
            writer.appendTimestamp(cue.endMilliseconds)
            writer.appendNewline()
            writer.appendSingleLine(cue.image)
            if let region = cue.region {
                writer.append("#xywh=")
                for (index, value) in [region.x, region.y, region.width, region.height].enumerated() {
                    if index > 0 { writer.append(byte: UInt8(ascii: ",")) }
                    writer.append(value)
                }
            }
            writer.appendNewline()
        }
        return writer.bytes
    }

    /// Reads a sprite track; errors name the line.
    public static func parse(_ bytes: some Collection<UInt8>) throws(HLSParseError) -> SpriteTrack {
        try HLSParser.withContiguousBytes(bytes) { buffer in
            Result { () throws(HLSParseError) in try SpriteVTTParser.parse(buffer) }
        }.get()
    }

    /// Reads a sprite track from text.
    public static func parse(_ text: String) throws(HLSParseError) -> SpriteTrack {
        try parse(text.utf8)
    }
}

extension ByteWriter {
    /// Writes `hh:mm:ss.mmm` (hours grow past two digits when needed).
    mutating func appendTimestamp(_ milliseconds: Int64) {
        let clamped = max(0, milliseconds)
        appendPadded(clamped / 3_600_000, width: 2)
        append(byte: UInt8(ascii: ":"))
        appendPadded(clamped / 60_000 % 60, width: 2)
        append(byte: UInt8(ascii: ":"))
        appendPadded(clamped / 1000 % 60, width: 2)
        append(byte: UInt8(ascii: "."))
        appendPadded(clamped % 1000, width: 3)
    }
}
