/// The attributes of a tag the library keeps verbatim (``MediaSegment/otherTags``, e.g.
/// `EXT-X-MAP` and `EXT-X-KEY`), read with the same attribute-list reader as the modelled tags,
/// so a client that must look inside one (a downloader fetching init segments) needs no parser of its own.
public struct TagAttributes: Sendable, Hashable {
    /// The tag's name without `#` and `:`, e.g. `EXT-X-MAP`.
    public let tag: String
    /// Attribute values as written (quotes removed), by name.
    public let values: [String: String]

    /// Reads a whole tag line such as `#EXT-X-MAP:URI="init.mp4"`; a tag without attributes has none.
    public init(line: String) throws(HLSParseError) {
        let (name, entries) = try Self.entries(line: line)
        tag = name
        values = Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// The tag's name and its attributes as written (whether each value was quoted too), in order.
    static func entries(line: String) throws(HLSParseError) -> (tag: String, entries: [AttributeList.Entry]) {
        let text = line.hasPrefix("#") ? String(line.dropFirst()) : line
        guard let colon = text.firstIndex(of: ":") else { return (text, []) }
        let name = String(text[..<colon])
        var attributes = Array(text[text.index(after: colon)...].utf8)
        let list = try attributes.withUnsafeMutableBufferPointer { buffer in
            Result { () throws(HLSParseError) in
                try AttributeList(UnsafeBufferPointer(buffer), from: 0, to: buffer.count, tag: name, line: 1)
            }
        }.get()
        return (name, list.entries)
    }

    /// Whether `line` is the tag `name` (`#NAME:` or `#NAME` alone).
    public static func isTag(_ name: String, line: String) -> Bool {
        line == "#" + name || line.hasPrefix("#" + name + ":")
    }
}
