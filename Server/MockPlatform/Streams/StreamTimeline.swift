import Clocks

/// The segments of one stream, independent of rendition: every video, audio and subtitle
/// playlist of the stream lists the same sequence numbers, sources and discontinuities, so
/// renditions stay aligned.
protocol StreamTimeline: Sendable {
    /// The segment with sequence number `sequence`.
    func segment(_ sequence: Int) -> TimelineSegment
    /// How many discontinuities segments before `sequence` carry (EXT-X-DISCONTINUITY-SEQUENCE
    /// of a playlist starting at `sequence`).
    func discontinuities(before sequence: Int) -> Int
    /// EXT-X-DATERANGE tags for the span `[from, to)`; ranges that end after `liveEdge` are
    /// still open (PLANNED-DURATION, no IN tag yet).
    func dateRanges(from: WallTime, to: WallTime, liveEdge: WallTime) -> [StreamDateRange]
}

/// A bounded stream laid out once: VOD, trailer, SSAI, catch-up and event occurrences.
struct ListTimeline: StreamTimeline {
    let segments: [TimelineSegment]
    let ranges: [StreamDateRange]
    private let discontinuityPrefix: [Int]

    /// A timeline from sources played back to back from `start`, segment `i` numbered `firstSequence + i`.
    init(sources: [(SegmentSource, duration: Duration)], start: WallTime, firstSequence: Int = 0, ranges: [StreamDateRange] = []) {
        var segments: [TimelineSegment] = []
        var prefix = [0]
        var clock = start
        for (offset, (source, duration)) in sources.enumerated() {
            let discontinuity = offset > 0 && !source.follows(segments[offset - 1].source)
            segments.append(TimelineSegment(sequence: firstSequence + offset, source: source, start: clock, discontinuity: discontinuity))
            prefix.append(prefix[offset] + (discontinuity ? 1 : 0))
            clock = clock + duration
        }
        self.segments = segments
        self.ranges = ranges
        discontinuityPrefix = prefix
    }

    var firstSequence: Int { segments.first?.sequence ?? 0 }

    func segment(_ sequence: Int) -> TimelineSegment { segments[sequence - firstSequence] }

    func discontinuities(before sequence: Int) -> Int { discontinuityPrefix[sequence - firstSequence] }

    func dateRanges(from: WallTime, to: WallTime, liveEdge: WallTime) -> [StreamDateRange] {
        ranges.filter { $0.start < to && $0.end > from }.map { $0.asOf(liveEdge: liveEdge) }
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
    let start: WallTime
    let end: WallTime
    /// False while the range is still running at the live edge.
    var isClosed = true

    func asOf(liveEdge: WallTime) -> StreamDateRange {
        var range = self
        range.isClosed = end <= liveEdge
        return range
    }
}
