/// The rules about how a media playlist may change from one load to the next.
struct ReloadChecks {
    let previous: MediaPlaylist
    let next: MediaPlaylist
    let kind: HLSValidator.MediaPlaylistKind

    func run(into findings: inout Findings) {
        if previous.targetDuration != next.targetDuration {
            findings.add(
                .targetDurationStable,
                "EXT-X-TARGETDURATION changed from \(previous.targetDuration.map(String.init) ?? "none") to \(next.targetDuration.map(String.init) ?? "none")."
            )
        }
        switch kind {
        case .vod:
            if previous != next { findings.add(.vodUnchanged, "The VOD playlist changed between loads.") }
        case .event:
            checkEvent(into: &findings)
        case .live:
            checkMediaSequence(into: &findings)
            checkDiscontinuitySequence(into: &findings)
        }
        checkDateRanges(into: &findings)
    }

    private func checkEvent(into findings: inout Findings) {
        let appended =
            next.firstMediaSequence == previous.firstMediaSequence
            && next.segments.count >= previous.segments.count
            && zip(previous.segments, next.segments).allSatisfy { $0 == $1 }
        if !appended {
            findings.add(.eventAppendOnly, "The EVENT playlist changed or removed segments instead of only appending.")
        } else if previous.endList, previous != next {
            findings.add(.eventAppendOnly, "The EVENT playlist changed after EXT-X-ENDLIST.")
        }
    }

    private func checkMediaSequence(into findings: inout Findings) {
        let previousFirst = previous.firstMediaSequence
        let nextFirst = next.firstMediaSequence
        if nextFirst < previousFirst {
            findings.add(.reloadMediaSequenceMonotonic, "EXT-X-MEDIA-SEQUENCE went down from \(previousFirst) to \(nextFirst).")
        }
        // How many segments left the front, as the URIs tell it. Streams that loop a reel repeat
        // URIs, so every count under which the rest of the old playlist lines up with the new one
        // is a candidate; MEDIA-SEQUENCE must agree with one of them.
        let candidates = removalCounts()
        if let removed = candidates.first, !candidates.contains(nextFirst - previousFirst) {
            findings.add(
                .reloadMediaSequenceCountsRemovals,
                "\(removed) segments were removed but EXT-X-MEDIA-SEQUENCE went from \(previousFirst) to \(nextFirst).",
                .init(mediaSequence: nextFirst))
        }
        // Empty when the reload came so late that no segment is in both loads.
        let overlapStart = max(previousFirst, nextFirst)
        let overlapEnd = max(overlapStart, min(previousFirst + previous.segments.count, nextFirst + next.segments.count))
        for sequence in overlapStart..<overlapEnd {
            let before = previous.segments[sequence - previousFirst]
            let after = next.segments[sequence - nextFirst]
            if before.uri != after.uri || before.duration != after.duration {
                findings.add(
                    .reloadSegmentContinuity,
                    "Segment \(sequence) was \(before.uri) (\(before.duration) s) and is now \(after.uri) (\(after.duration) s).",
                    .init(mediaSequence: sequence))
            }
        }
        let previousLast = previousFirst + previous.segments.count - 1
        let nextLast = nextFirst + next.segments.count - 1
        if nextLast < previousLast {
            findings.add(
                .reloadRemovesFromStart,
                "The last segment went back from \(previousLast) to \(nextLast): segments were removed from the end.",
                .init(mediaSequence: nextLast))
        }
    }

    /// Every `removed` for which the old playlist minus its first `removed` segments is a prefix of
    /// the new one (or the new one a prefix of it). Segments are compared by URI and
    /// PROGRAM-DATE-TIME, which tells apart the loops of a reel whose URIs repeat.
    private func removalCounts() -> [Int] {
        func same(_ old: MediaSegment, _ new: MediaSegment) -> Bool {
            old.uri == new.uri && old.programDateTime == new.programDateTime
        }
        guard let first = next.segments.first else { return [] }
        return previous.segments.indices.filter { removed in
            guard same(previous.segments[removed], first) else { return false }
            let common = min(previous.segments.count - removed, next.segments.count)
            return (0..<common).allSatisfy { same(previous.segments[removed + $0], next.segments[$0]) }
        }
    }

    /// DISCONTINUITY-SEQUENCE counts the EXT-X-DISCONTINUITY tags that left the playlist,
    /// whether their segment left or only the tag did.
    private func checkDiscontinuitySequence(into findings: inout Findings) {
        let hadDiscontinuity = previous.discontinuitySequence != nil || previous.segments.contains(where: \.discontinuity)
        if hadDiscontinuity, next.discontinuitySequence == nil {
            findings.add(
                .liveDiscontinuitySequencePresent,
                "The stream had a discontinuity but the new playlist has no EXT-X-DISCONTINUITY-SEQUENCE.")
        }
        let previousFirst = previous.firstMediaSequence
        let nextFirst = next.firstMediaSequence
        // Without overlap the tags removed in between are unknown.
        guard nextFirst >= previousFirst, nextFirst <= previousFirst + previous.segments.count else { return }
        var removedTags = 0
        for (index, segment) in previous.segments.enumerated() where segment.discontinuity {
            let nextIndex = previousFirst + index - nextFirst
            let stillTagged = nextIndex >= 0 && nextIndex < next.segments.count && next.segments[nextIndex].discontinuity
            if !stillTagged { removedTags += 1 }
        }
        let expected = previous.firstDiscontinuitySequence + removedTags
        if next.firstDiscontinuitySequence != expected {
            findings.add(
                .reloadDiscontinuitySequenceCountsRemovals,
                "\(removedTags) EXT-X-DISCONTINUITY tags were removed, so EXT-X-DISCONTINUITY-SEQUENCE should be \(expected), not \(next.firstDiscontinuitySequence)."
            )
        }
    }

    private func checkDateRanges(into findings: inout Findings) {
        let before = DateRangeChecks.ranges(of: previous.allDateRanges)
        let afterTags = next.allDateRanges
        let nextIDs = Set(afterTags.map(\.id))
        for range in before where nextIDs.contains(range.merged.id) {
            for tag in afterTags where tag.id == range.merged.id {
                let conflicts = tag.conflictingAttributes(with: range.merged)
                if !conflicts.isEmpty {
                    findings.add(
                        .dateRangeIDNotReused,
                        "ID \"\(tag.id)\" now names a range with different \(conflicts.joined(separator: ", ")).",
                        .init(dateRangeID: tag.id))
                    break
                }
            }
        }
        guard let span = next.dateSpan() else { return }
        for range in before where !nextIDs.contains(range.merged.id) {
            // The range's dates map to a segment while [start, end) overlaps the playlist;
            // a range without a known end is the instant it starts.
            let merged = range.merged
            let end = merged.knownEnd ?? merged.plannedDuration.map { merged.startDate.adding($0) }
            let stillMapped =
                if let end, end > merged.startDate {
                    merged.startDate < span.upperBound && end > span.lowerBound
                } else {
                    span.contains(merged.startDate)
                }
            if stillMapped {
                findings.add(
                    .dateRangeNotRemovedEarly,
                    "The range starting \(merged.startDate) was removed although it still overlaps the playlist (\(span.lowerBound) – \(span.upperBound)).",
                    .init(dateRangeID: merged.id))
            }
        }
    }
}
