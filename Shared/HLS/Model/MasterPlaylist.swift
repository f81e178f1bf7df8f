/// A multivariant ("master") playlist: the variants of a stream and their renditions.
///
/// Entries are kept in document order, with unmodelled tags in place, so a parse → write
/// round trip keeps what a server or player put there.
public struct MasterPlaylist: Sendable, Hashable {
    /// `EXT-X-VERSION`.
    public var version: Int?
    /// `EXT-X-INDEPENDENT-SEGMENTS`.
    public var independentSegments: Bool
    /// Renditions, variants and unmodelled tags in document order.
    public var entries: [Entry]

    /// One entry of the playlist body.
    public enum Entry: Sendable, Hashable {
        /// An `EXT-X-MEDIA` tag.
        case rendition(Rendition)
        /// An `EXT-X-STREAM-INF` tag and its URI line.
        case variant(VariantStream)
        /// A tag the library does not model (e.g. `EXT-X-I-FRAME-STREAM-INF`), verbatim.
        case tag(String)
    }

    /// Creates a playlist from entries in document order.
    public init(version: Int? = nil, independentSegments: Bool = false, entries: [Entry]) {
        self.version = version
        self.independentSegments = independentSegments
        self.entries = entries
    }

    /// Creates a playlist listing the renditions first, then the variants, as servers usually write them.
    public init(
        version: Int? = nil,
        independentSegments: Bool = false,
        renditions: [Rendition],
        variants: [VariantStream]
    ) {
        self.init(
            version: version,
            independentSegments: independentSegments,
            entries: renditions.map(Entry.rendition) + variants.map(Entry.variant)
        )
    }

    /// The variants in document order.
    public var variants: [VariantStream] {
        entries.compactMap { if case .variant(let variant) = $0 { variant } else { nil } }
    }

    /// The renditions in document order.
    public var renditions: [Rendition] {
        entries.compactMap { if case .rendition(let rendition) = $0 { rendition } else { nil } }
    }

    /// The renditions of one group, e.g. all audio tracks a variant may pick from.
    public func renditions(ofType type: Rendition.MediaType, inGroup groupID: String) -> [Rendition] {
        renditions.filter { $0.type == type && $0.groupID == groupID }
    }
}
