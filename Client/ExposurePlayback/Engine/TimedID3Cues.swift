import Clocks
import Foundation
import HLS

/// The ID3 timed metadata of the variant's fetched segments (``TimedMetadataDemuxer``), waiting
/// for the playhead: each tag is reported once, when the playhead reaches its position. A seek
/// drops the tags it passes over (and those of segments fetched again behind where it landed),
/// so only what plays from there on is reported.
package struct TimedID3Cues: Sendable, Equatable {
    /// A tag at a position in the stream's own time, ms.
    package struct Cue: Sendable, Hashable {
        package let positionMs: Int64
        package let frames: [ID3Frame]
    }

    /// Cues not yet reached, in position order.
    package private(set) var pending: [Cue] = []
    /// Cues before this position are not reported (where the last seek landed).
    private var floorMs: Int64 = .min

    /// No cues yet.
    package init() {}

    /// Takes the tags of the segment starting at `segmentStartMs`; a segment fetched twice adds its tags once.
    package mutating func add(_ tags: [TimedID3Tag], segmentStartMs: Int64) {
        for tag in tags {
            let cue = Cue(positionMs: segmentStartMs + tag.offset.wholeMilliseconds, frames: tag.frames)
            guard cue.positionMs >= floorMs, !pending.contains(cue) else { continue }
            let index = pending.firstIndex { $0.positionMs > cue.positionMs } ?? pending.endIndex
            pending.insert(cue, at: index)
        }
    }

    /// The frames of every cue at or before `positionMs`, in order; they are reported and forgotten.
    package mutating func due(atMs positionMs: Int64) -> [[ID3Frame]] {
        let count = pending.prefix { $0.positionMs <= positionMs }.count
        defer { pending.removeFirst(count) }
        return pending.prefix(count).map(\.frames)
    }

    /// A seek landed at `positionMs`: cues before it are dropped, and no longer taken.
    package mutating func seek(to positionMs: Int64) {
        floorMs = positionMs
        pending.removeAll { $0.positionMs < positionMs }
    }

    /// The next cue's position, where the playhead must be woken.
    package var nextPositionMs: Int64? { pending.first?.positionMs }
}
