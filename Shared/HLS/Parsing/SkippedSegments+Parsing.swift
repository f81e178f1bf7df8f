extension SkippedSegments {
    /// Reads `EXT-X-SKIP` from its attribute list; `SKIPPED-SEGMENTS` is required and
    /// `RECENTLY-REMOVED-DATERANGES` is a tab-separated list of IDs.
    init(attributes list: AttributeList) throws(HLSParseError) {
        var count: Int?
        var removed: [String]?
        var others: [HLSAttribute] = []
        for entry in list.entries {
            switch entry.name {
            case "SKIPPED-SEGMENTS": count = try list.integer(entry)
            case "RECENTLY-REMOVED-DATERANGES":
                let text = try list.quotedString(entry)
                removed = text.isEmpty ? [] : text.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            default: others.append(HLSAttribute(name: entry.name, value: entry.value, isQuoted: entry.isQuoted))
            }
        }
        guard let count else { throw list.missing("SKIPPED-SEGMENTS") }
        self.init(count: count, recentlyRemovedDateRangeIDs: removed, otherAttributes: others)
    }
}
