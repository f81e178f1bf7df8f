extension MediaPlaylist {
    /// The full playlist a Playlist Delta Update stands for, with this playlist as the client's
    /// previous copy (RFC 8216bis §6.3.7: the client merges the update into what it has).
    ///
    /// The segments `EXT-X-SKIP` replaces are taken from this playlist by media sequence number
    /// (the delta's EXT-X-MEDIA-SEQUENCE names the first of them), without the DATERANGE tags
    /// this copy had on them. Then the DATERANGEs:
    /// - An update that does not skip them (`_HLS_skip=YES`, no `RECENTLY-REMOVED-DATERANGES`)
    ///   carries every one, written before its first listed segment when they start earlier.
    ///   Those are moved to the segment their START-DATE falls in (the first segment for a range
    ///   that began before the playlist), where a full playlist writes them.
    /// - An update that skips them (`_HLS_skip=v2`) carries only the tags added within the Skip
    ///   Boundary. This copy's tags are kept, except those whose ID the update lists as recently
    ///   removed, each on the segment its START-DATE falls in and ahead of the update's own
    ///   tags there; the update's tags before its first listed segment are moved the same way.
    ///
    /// The header is the update's, but `EXT-X-VERSION` is this copy's: the update's is raised
    /// only for `EXT-X-SKIP`.
    ///
    /// Returns `delta` itself when it is a full playlist, and nil when this copy lacks a
    /// skipped segment (it is too old, or from another playlist): the client then reloads the
    /// full playlist.
    public func applying(deltaUpdate delta: MediaPlaylist) -> MediaPlaylist? {
        guard let skipped = delta.skipped else { return delta }
        guard !isDeltaUpdate, skipped.count >= 0 else { return nil }
        var carried: [MediaSegment] = []
        if skipped.count > 0 {
            let firstSkipped = delta.firstMediaSequence - firstMediaSequence
            guard firstSkipped >= 0, firstSkipped + skipped.count <= segments.count else { return nil }
            carried = Array(segments[firstSkipped..<(firstSkipped + skipped.count)])
            for index in carried.indices { carried[index].dateRanges = [] }
            carried[0].otherTags = keyInForce(before: firstSkipped, unlessSetBy: carried[0]) + carried[0].otherTags
        }
        var merged = delta
        merged.version = version
        merged.skipped = nil
        merged.segments = carried + delta.segments
        merged.placeLeadingDateRanges(listedFrom: carried.count)
        if let removed = skipped.recentlyRemovedDateRangeIDs {
            let removedIDs = Set(removed)
            let updated = Set(delta.allDateRanges)
            merged.placeEarlierDateRanges(allDateRanges.filter { !removedIDs.contains($0.id) && !updated.contains($0) })
        }
        return merged
    }

    /// The `EXT-X-KEY` written last before segment `index`, when `segment` sets none itself:
    /// the key still applies to the segments kept after those that left the window, so the
    /// merged playlist, which starts later, must say so on its first segment (as a full
    /// playlist of the same moment does).
    private func keyInForce(before index: Int, unlessSetBy segment: MediaSegment) -> [String] {
        let isKey = { (tag: String) in TagAttributes.isTag("EXT-X-KEY", line: tag) }
        guard !segment.otherTags.contains(where: isKey) else { return [] }
        let last = segments[..<index].reversed().lazy.compactMap { $0.otherTags.last(where: isKey) }.first
        return last.map { [$0] } ?? []
    }

    /// Moves the DATERANGEs written before segment `listedStart` that start before it to the
    /// segment whose span holds their START-DATE (the first segment when none does).
    private mutating func placeLeadingDateRanges(listedFrom listedStart: Int) {
        guard listedStart > 0, listedStart < segments.count else { return }
        let starts = segmentStartDates()
        guard let listedDate = starts[listedStart] else { return }
        let leading = segments[listedStart].dateRanges
        segments[listedStart].dateRanges = []
        for range in leading {
            guard range.startDate < listedDate else {
                segments[listedStart].dateRanges.append(range)
                continue
            }
            segments[holder(of: range, starts: starts[..<listedStart])].dateRanges.append(range)
        }
    }

    /// Puts `ranges` (tags an update skipped, from the previous copy, in its order) ahead of
    /// the tags already on the segment whose span holds each one's START-DATE.
    private mutating func placeEarlierDateRanges(_ ranges: [DateRange]) {
        guard !segments.isEmpty, !ranges.isEmpty else { return }
        let starts = segmentStartDates()
        var earlier = [[DateRange]](repeating: [], count: segments.count)
        for range in ranges { earlier[holder(of: range, starts: starts[...])].append(range) }
        for index in segments.indices where !earlier[index].isEmpty {
            segments[index].dateRanges = earlier[index] + segments[index].dateRanges
        }
    }

    /// The index of the last segment among `starts` that starts at or before `range`'s
    /// START-DATE, or the first one.
    private func holder(of range: DateRange, starts: ArraySlice<HLSDate?>) -> Int {
        starts.lastIndex { start in start.map { $0 <= range.startDate } ?? false } ?? starts.startIndex
    }
}
