/// One broken rule: which rule, where, and what exactly was found.
public struct HLSViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule that is broken.
    public var rule: HLSRule
    /// What was found, e.g. "EXTINF 6.600 rounds to 7 s, above EXT-X-TARGETDURATION 6."
    public var detail: String
    /// Where it was found.
    public var location: Location

    /// Where a violation was found; every field that applies is set.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// 1-based line in the playlist text, when it was parsed with a source map.
        public var line: Int?
        /// Media sequence number of the segment concerned.
        public var mediaSequence: Int?
        /// ID of the DATERANGE concerned.
        public var dateRangeID: String?
        /// Index of the variant (in ``MasterPlaylist/variants``) concerned.
        public var variantIndex: Int?
        /// Index of the rendition (in ``MasterPlaylist/renditions``) concerned.
        public var renditionIndex: Int?
        /// Index of the playlist concerned, when several were checked together.
        public var playlistIndex: Int?

        /// Creates a location.
        public init(
            line: Int? = nil, mediaSequence: Int? = nil, dateRangeID: String? = nil,
            variantIndex: Int? = nil, renditionIndex: Int? = nil, playlistIndex: Int? = nil
        ) {
            self.line = line
            self.mediaSequence = mediaSequence
            self.dateRangeID = dateRangeID
            self.variantIndex = variantIndex
            self.renditionIndex = renditionIndex
            self.playlistIndex = playlistIndex
        }

        /// The whole playlist.
        public static let playlist = Location()

        /// e.g. `line 12, segment 1043` or `playlist`.
        public var description: String {
            var parts: [String] = []
            if let playlistIndex { parts.append("playlist #\(playlistIndex)") }
            if let line { parts.append("line \(line)") }
            if let mediaSequence { parts.append("segment \(mediaSequence)") }
            if let dateRangeID { parts.append("DATERANGE \"\(dateRangeID)\"") }
            if let variantIndex { parts.append("variant #\(variantIndex)") }
            if let renditionIndex { parts.append("rendition #\(renditionIndex)") }
            return parts.isEmpty ? "playlist" : parts.joined(separator: ", ")
        }
    }

    /// Creates a violation.
    public init(rule: HLSRule, detail: String, location: Location = .playlist) {
        self.rule = rule
        self.detail = detail
        self.location = location
    }

    /// The rule's stable id.
    public var ruleID: String { rule.id }

    /// `[rule.id] location: detail`.
    public var description: String { "[\(rule.id)] \(location): \(detail)" }
}
