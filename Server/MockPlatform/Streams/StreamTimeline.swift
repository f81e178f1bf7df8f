/// The segments of one stream, independent of rendition: every video, audio and subtitle
/// playlist of the stream lists the same sequence numbers, sources and discontinuities, so
/// renditions stay aligned.
protocol StreamTimeline: Sendable {
    /// The segment with sequence number `sequence`.
    func segment(_ sequence: Int) -> TimelineSegment
    /// How many discontinuities segments before `sequence` carry (EXT-X-DISCONTINUITY-SEQUENCE
    /// of a playlist starting at `sequence`).
    func discontinuities(before sequence: Int) -> Int
    /// EXT-X-DATERANGE tags for the span `[fromMs, toMs)`; ranges that end after `liveEdgeMs`
    /// are still open (PLANNED-DURATION, no IN tag yet).
    func dateRanges(fromMs: Int64, toMs: Int64, liveEdgeMs: Int64) -> [StreamDateRange]
}

/// A bounded stream laid out once: VOD, trailer, SSAI, catch-up and event occurrences.
struct ListTimeline: StreamTimeline {
    let segments: [TimelineSegment]
    let ranges: [StreamDateRange]
    private let discontinuityPrefix: [Int]

    /// A timeline from sources played back to back from `startMs`, segment `i` numbered `firstSequence + i`.
    init(sources: [(SegmentSource, durationMs: Int64)], startMs: Int64, firstSequence: Int = 0, ranges: [StreamDateRange] = []) {
        var segments: [TimelineSegment] = []
        var prefix = [0]
        var clock = startMs
        for (offset, (source, duration)) in sources.enumerated() {
            let discontinuity = offset > 0 && !source.follows(segments[offset - 1].source)
            segments.append(TimelineSegment(sequence: firstSequence + offset, source: source, startMs: clock, discontinuity: discontinuity))
            prefix.append(prefix[offset] + (discontinuity ? 1 : 0))
            clock += duration
        }
        self.segments = segments
        self.ranges = ranges
        discontinuityPrefix = prefix
    }

    var firstSequence: Int { segments.first?.sequence ?? 0 }

    func segment(_ sequence: Int) -> TimelineSegment { segments[sequence - firstSequence] }

    func discontinuities(before sequence: Int) -> Int { discontinuityPrefix[sequence - firstSequence] }

    func dateRanges(fromMs: Int64, toMs: Int64, liveEdgeMs: Int64) -> [StreamDateRange] {
        ranges.filter { $0.startMs < toMs && $0.endMs > fromMs }.map { $0.asOf(liveEdgeMs: liveEdgeMs) }
    }
}

/// A date range a stream announces: a program or an ad break.
struct StreamDateRange: Equatable {
    enum Kind: Equatable {
        case program(programId: String, assetId: String, title: String)
        case adBreak(adIds: [String], clickThroughUrl: String?)
    }

    let id: String
    let kind: Kind
    let startMs: Int64
    let endMs: Int64
    /// False while the range is still running at the live edge.
    var isClosed = true

    func asOf(liveEdgeMs: Int64) -> StreamDateRange {
        var range = self
        range.isClosed = endMs <= liveEdgeMs
        return range
    }
}
