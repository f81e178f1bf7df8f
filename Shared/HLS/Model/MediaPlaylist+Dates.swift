extension MediaPlaylist {
    /// The wall-clock start of each segment: its own `EXT-X-PROGRAM-DATE-TIME`, else carried
    /// forward from the nearest earlier one by the `EXTINF` durations (or back from the first
    /// later one, for segments before any). All nil when the playlist has no PROGRAM-DATE-TIME.
    public func segmentStartDates() -> [HLSDate?] {
        var dates = [HLSDate?](repeating: nil, count: segments.count)
        var running: HLSDate?
        for (index, segment) in segments.enumerated() {
            running = segment.programDateTime ?? running
            dates[index] = running
            running = running?.adding(segment.duration)
        }
        guard let firstDated = segments.firstIndex(where: { $0.programDateTime != nil }), firstDated > 0,
            var earlier = dates[firstDated]
        else { return dates }
        for index in stride(from: firstDated - 1, through: 0, by: -1) {
            earlier = HLSDate(millisecondsSince1970: earlier.millisecondsSince1970 - segments[index].duration.milliseconds)
            dates[index] = earlier
        }
        return dates
    }

    /// The wall-clock span the segments cover, from the first segment's start to the last
    /// one's end; nil without PROGRAM-DATE-TIME or segments.
    public func dateSpan() -> Range<HLSDate>? {
        let dates = segmentStartDates()
        guard let last = segments.last, let lastStart = dates.last ?? nil, let firstStart = dates.first ?? nil
        else { return nil }
        let end = lastStart.adding(last.duration)
        return firstStart < end ? firstStart..<end : nil
    }
}
