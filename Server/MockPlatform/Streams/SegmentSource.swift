import Clocks

/// Which piece of real media a stream segment plays: segment `index` of the reel or of an ad.
struct SegmentSource: Hashable {
    /// The clip: the reel every title loops, or an ad creative.
    enum Clip: Hashable {
        case reel
        case ad(String)
    }

    let clip: Clip
    let index: Int

    /// Whether `self` continues `previous` without a timestamp jump (same clip, next segment).
    func follows(_ previous: SegmentSource) -> Bool { clip == previous.clip && index == previous.index + 1 }
}

/// One segment of a stream: its sequence number, what it plays and when (nominal timeline).
struct TimelineSegment {
    let sequence: Int
    let source: SegmentSource
    let start: WallTime
    let discontinuity: Bool
}
