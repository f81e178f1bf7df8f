import Clocks
import HLS

/// One EXT-X-DATERANGE active at the playhead, as the app sees it.
public struct DateRangeMetadata: Sendable, Hashable {
    /// The tag's ID.
    public var id: String
    /// The tag's CLASS.
    public var rangeClass: String?
    /// START-DATE.
    public var start: WallTime
    /// The end (END-DATE or START-DATE + DURATION), when known.
    public var end: WallTime?
    /// Client attributes (`X-…`) kept by the filter, as text.
    public var attributes: [String: String]

    /// The playlist's date ranges as the app sees them, in playlist order: tags that share an
    /// ID are one range (RFC 8216bis §4.4.5.1 — an ad break's OUT tag and the tag that later
    /// adds its real duration), keeping the client attributes `identifiers` names (all when empty).
    ///
    /// A range none of whose tags carries one of the identifiers is left out: the app asked not
    /// to hear about it. Identifiers are trimmed, since apps copy them with stray spaces.
    package static func catalog(_ ranges: [DateRange], identifiers: Set<String>) -> [DateRangeMetadata] {
        var catalog: [DateRangeMetadata] = []
        var indexById: [String: Int] = [:]
        for range in ranges {
            let tag = DateRangeMetadata(range, identifiers: identifiers)
            guard let index = indexById[range.id] else {
                indexById[range.id] = catalog.count
                catalog.append(tag)
                continue
            }
            catalog[index].rangeClass = catalog[index].rangeClass ?? tag.rangeClass
            catalog[index].end = tag.end ?? catalog[index].end
            catalog[index].attributes.merge(tag.attributes) { _, later in later }
        }
        return identifiers.isEmpty ? catalog : catalog.filter { !$0.attributes.isEmpty }
    }

    private init(_ range: DateRange, identifiers: Set<String>) {
        var attributes: [String: String] = [:]
        for attribute in range.clientAttributes where identifiers.isEmpty || identifiers.contains(attribute.name) {
            attributes[attribute.name] = Self.text(attribute.value)
        }
        id = range.id
        rangeClass = range.rangeClass
        start = range.startDate.wallTime
        end = range.knownEnd?.wallTime
        self.attributes = attributes
    }

    /// Whether the range covers `time` (an open end covers everything after the start).
    func isActive(at time: WallTime) -> Bool {
        start <= time && (end.map { time < $0 } ?? true)
    }

    private static func text(_ value: ClientAttribute.Value) -> String {
        switch value {
        case .string(let text): text
        case .hex(let bytes): HexadecimalSequence.string(bytes)
        case .number(let number): String(number)
        }
    }
}
