import Clocks
import HLS

/// Where the playhead is and what can be reached, in positions and in wall-clock time.
extension HLSEngine {
    /// Whether the stream is live (no ENDLIST yet).
    package var isLive: Bool { !timeline.endList }

    /// The playhead as wall-clock time, from PROGRAM-DATE-TIME.
    package var playheadTime: WallTime? { timeline.time(atPosition: playhead) }

    /// Positions reachable without a new play request. Live: from the oldest segment to the
    /// live edge, held back by the live delay so the player does not run into the newest segment.
    package var seekableRange: ClosedRange<Duration> {
        let start = timeline.start
        guard isLive else { return start...max(start, timeline.end) }
        let delay = configuration.liveDelay ?? timeline.targetDuration * 3
        return start...max(start, timeline.end - delay)
    }

    /// ``seekableRange`` as wall-clock times, when the stream has PROGRAM-DATE-TIME.
    package var seekableTimeRange: ClosedRange<WallTime>? {
        let range = seekableRange
        guard let start = timeline.time(atPosition: range.lowerBound), let end = timeline.time(atPosition: range.upperBound) else {
            return nil
        }
        return start...max(start, end)
    }

    /// Positions buffered (fetched) around the playhead.
    package var bufferedRange: ClosedRange<Duration> {
        let start = max(bufferStart, timeline.start)
        return start...max(start, bufferEnd)
    }

    /// ``bufferedRange`` as wall-clock times.
    package var bufferedTimeRange: ClosedRange<WallTime>? {
        let range = bufferedRange
        guard let start = timeline.time(atPosition: range.lowerBound), let end = timeline.time(atPosition: range.upperBound) else {
            return nil
        }
        return start...max(start, end)
    }

    /// The duration; nil while live.
    package var duration: Duration? { isLive ? nil : timeline.end - timeline.start }

    /// The bandwidth of the playing variant, bits/s.
    package var currentBitrate: Int? { reported.bitrate }

    /// The DATERANGE metadata active at the playhead (filtered).
    package var currentMetadata: [DateRangeMetadata] { metadata.active }
}
