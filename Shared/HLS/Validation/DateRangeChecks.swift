/// The EXT-X-DATERANGE rules within one media playlist.
struct DateRangeChecks {
    let playlist: MediaPlaylist
    let sourceMap: MediaPlaylistSourceMap?

    /// The tags of one ID, in document order, and what they say together.
    struct Range {
        var tagIndexes: [Int]
        var merged: DateRange
    }

    func run(into findings: inout Findings) {
        let tags = playlist.allDateRanges
        guard !tags.isEmpty else { return }
        for (index, tag) in tags.enumerated() {
            checkTag(tag, location(tag: index, id: tag.id), into: &findings)
        }
        if !playlist.segments.contains(where: { $0.programDateTime != nil }) {
            findings.add(
                .dateRangeNeedsProgramDateTime,
                "The playlist has \(tags.count) EXT-X-DATERANGE tags but no EXT-X-PROGRAM-DATE-TIME.",
                location(tag: 0, id: tags[0].id))
        }
        let ranges = Self.ranges(of: tags)
        for range in ranges {
            checkConsistency(range, tags: tags, into: &findings)
            checkRange(range, into: &findings)
        }
        checkClassOverlaps(ranges, into: &findings)
    }

    /// Groups tags by ID, in order of first appearance.
    static func ranges(of tags: [DateRange]) -> [Range] {
        var ranges: [Range] = []
        var indexByID: [String: Int] = [:]
        for (index, tag) in tags.enumerated() {
            if let existing = indexByID[tag.id] {
                ranges[existing].tagIndexes.append(index)
                ranges[existing].merged = ranges[existing].merged.merged(with: tag)
            } else {
                indexByID[tag.id] = ranges.count
                ranges.append(Range(tagIndexes: [index], merged: tag))
            }
        }
        return ranges
    }

    private func location(tag index: Int, id: String) -> HLSViolation.Location {
        let lines = sourceMap?.dateRangeLines ?? []
        return .init(line: index < lines.count ? lines[index] : nil, dateRangeID: id)
    }

    private func checkTag(_ tag: DateRange, _ location: HLSViolation.Location, into findings: inout Findings) {
        if tag.id.isEmpty {
            findings.add(.dateRangeIDRequired, "The DATERANGE has an empty ID.", location)
        }
        if let endDate = tag.endDate, endDate < tag.startDate {
            findings.add(.dateRangeEndAfterStart, "END-DATE \(endDate) is before START-DATE \(tag.startDate).", location)
        }
        for (name, value) in [("DURATION", tag.duration), ("PLANNED-DURATION", tag.plannedDuration)] {
            if let value, value < .zero {
                findings.add(.dateRangeDurationNonNegative, "\(name) is negative (\(value)).", location)
            }
        }
        for attribute in tag.clientAttributes where !Self.isClientAttributeName(attribute.name) {
            findings.add(.dateRangeClientAttributeName, "\"\(attribute.name)\" is not a valid X-<NAME> attribute name.", location)
        }
        if tag.endOnNext, tag.rangeClass == nil || tag.duration != nil || tag.endDate != nil {
            findings.add(
                .dateRangeEndOnNext, "END-ON-NEXT=YES comes with \(tag.rangeClass == nil ? "no CLASS" : "DURATION or END-DATE").", location)
        }
    }

    static func isClientAttributeName(_ name: String) -> Bool {
        let utf8 = Array(name.utf8)
        return utf8.count > 2 && name.hasPrefix("X-")
            && utf8.allSatisfy { byte in
                (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || byte == UInt8(ascii: "-")
            }
    }

    private func checkConsistency(_ range: Range, tags: [DateRange], into findings: inout Findings) {
        for (position, index) in range.tagIndexes.enumerated() {
            for earlier in range.tagIndexes[..<position] {
                let conflicts = tags[index].conflictingAttributes(with: tags[earlier])
                if !conflicts.isEmpty {
                    findings.add(
                        .dateRangeIDConsistent,
                        "This tag disagrees with an earlier tag of the same ID on \(conflicts.joined(separator: ", ")).",
                        location(tag: index, id: range.merged.id))
                }
            }
        }
    }

    private func checkRange(_ range: Range, into findings: inout Findings) {
        let merged = range.merged
        let here = location(tag: range.tagIndexes[0], id: merged.id)
        if let endDate = merged.endDate, let duration = merged.duration, endDate != merged.startDate.adding(duration) {
            findings.add(
                .dateRangeEndMatchesDuration,
                "END-DATE \(endDate) is not START-DATE \(merged.startDate) + DURATION \(duration).", here)
        }
        // An update that skips DATERANGEs (`_HLS_skip=v2`) may carry a break's IN tag without its
        // older OUT tag; the update merged into the copy is held to the full playlist instead.
        if merged.scte35In != nil, merged.scte35Out == nil, playlist.skipped?.recentlyRemovedDateRangeIDs == nil {
            findings.add(.dateRangeSCTE35Paired, "SCTE35-IN without a SCTE35-OUT under the same ID.", here)
        }
        if playlist.endList, merged.plannedDuration != nil, merged.knownEnd == nil, !merged.endOnNext {
            findings.add(
                .dateRangePlannedClosed,
                "The playlist has ended but the PLANNED-DURATION range never got a DURATION or END-DATE.", here)
        }
    }

    private func checkClassOverlaps(_ ranges: [Range], into findings: inout Findings) {
        let bounded = ranges.compactMap { range -> (range: DateRange, end: HLSDate, line: Int)? in
            let merged = range.merged
            guard merged.rangeClass != nil, !merged.endOnNext else { return nil }
            let end = merged.knownEnd ?? merged.plannedDuration.map { merged.startDate.adding($0) }
            guard let end else { return nil }
            return (merged, end, range.tagIndexes[0])
        }.sorted { $0.range.startDate < $1.range.startDate }
        for (position, first) in bounded.enumerated() {
            for second in bounded[(position + 1)...] where second.range.rangeClass == first.range.rangeClass {
                guard second.range.startDate < first.end else { break }
                findings.add(
                    .dateRangeClassNoOverlap,
                    "Range \"\(second.range.id)\" starts at \(second.range.startDate), before \"\(first.range.id)\" of the same CLASS ends at \(first.end).",
                    location(tag: second.line, id: second.range.id))
            }
        }
    }
}
