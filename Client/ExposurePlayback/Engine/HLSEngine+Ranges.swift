import HLS

/// Where the playhead is and what can be reached, in positions and in wall-clock time.
extension HLSEngine {
    /// Whether the stream is live (no ENDLIST yet).
    package var isLive: Bool { !timeline.endList }

    /// The playhead, ms in the stream's own time reference.
    package var playheadPositionMs: Int64 { playheadMs }

    /// The playhead as wall-clock time, ms since 1970, from PROGRAM-DATE-TIME.
    package var playheadTimeMs: Int64? { timeline.time(atPosition: playheadMs) }

    /// Positions reachable without a new play request. Live: from the oldest segment to the
    /// live edge, held back by the live delay so the player does not run into the newest segment.
    package var seekableRange: ClosedRange<Int64> {
        let start = timeline.startMs
        guard isLive else { return start...max(start, timeline.endMs) }
        let delay = configuration.liveDelayMs ?? 3 * timeline.targetDurationMs
        return start...max(start, timeline.endMs - delay)
    }

    /// ``seekableRange`` as wall-clock times, when the stream has PROGRAM-DATE-TIME.
    package var seekableTimeRange: ClosedRange<Int64>? {
        let range = seekableRange
        guard let start = timeline.time(atPosition: range.lowerBound), let end = timeline.time(atPosition: range.upperBound) else {
            return nil
        }
        return start...max(start, end)
    }

    /// Positions buffered (fetched) around the playhead.
    package var bufferedRange: ClosedRange<Int64> {
        let start = max(bufferStartMs, timeline.startMs)
        return start...max(start, bufferEndMs)
    }

    /// ``bufferedRange`` as wall-clock times.
    package var bufferedTimeRange: ClosedRange<Int64>? {
        let range = bufferedRange
        guard let start = timeline.time(atPosition: range.lowerBound), let end = timeline.time(atPosition: range.upperBound) else {
            return nil
        }
        return start...max(start, end)
    }

    /// The duration, ms; nil while live.
    package var durationMs: Int64? { isLive ? nil : timeline.endMs - timeline.startMs }

    /// The bandwidth of the playing variant, bits/s.
    package var currentBitrate: Int? { reported.bitrate }

    /// The audio and subtitle renditions the master offers.
    package var renditions: [Rendition] { master?.renditions ?? [] }

    /// The DATERANGE metadata active at the playhead (filtered).
    package var currentMetadata: [DateRangeMetadata] { metadata.active }
}
