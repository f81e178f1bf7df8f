import HLS

/// One EXT-X-DATERANGE active at the playhead, as the app sees it.
public struct DateRangeMetadata: Sendable, Hashable {
    /// The tag's ID.
    public var id: String
    /// The tag's CLASS.
    public var rangeClass: String?
    /// START-DATE, ms since 1970.
    public var startMs: Int64
    /// The end (END-DATE or START-DATE + DURATION), ms since 1970, when known.
    public var endMs: Int64?
    /// Client attributes (`X-…`) kept by the filter, as text.
    public var attributes: [String: String]

    /// Metadata for a date range, keeping the attributes `identifiers` names (all when empty).
    ///
    /// Nil when identifiers were given and none of them is on the tag: the app asked not to
    /// hear about it. Identifiers are trimmed, since apps copy them with stray spaces.
    init?(_ range: DateRange, identifiers: Set<String>) {
        var attributes: [String: String] = [:]
        for attribute in range.clientAttributes where identifiers.isEmpty || identifiers.contains(attribute.name) {
            attributes[attribute.name] = Self.text(attribute.value)
        }
        if !identifiers.isEmpty && attributes.isEmpty { return nil }
        id = range.id
        rangeClass = range.rangeClass
        startMs = range.startDate.millisecondsSince1970
        endMs = range.knownEnd?.millisecondsSince1970
        self.attributes = attributes
    }

    /// Whether the range covers `timeMs` (an open end covers everything after the start).
    func isActive(atMs timeMs: Int64) -> Bool {
        startMs <= timeMs && (endMs.map { timeMs < $0 } ?? true)
    }

    private static func text(_ value: ClientAttribute.Value) -> String {
        switch value {
        case .string(let text): text
        case .hex(let bytes): "0x" + bytes.map { String($0, radix: 16, uppercase: true).leftPadded(to: 2) }.joined()
        case .number(let number): String(number)
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
