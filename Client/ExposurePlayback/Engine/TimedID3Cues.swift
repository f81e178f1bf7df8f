import Clocks
import Foundation
import HLS

/// The ID3 timed metadata of the variant's fetched segments (``TimedMetadataDemuxer``), waiting
/// for the playhead: each tag is reported once, when the playhead reaches its position. A seek
/// drops the tags it passes over (and those of segments fetched again behind where it landed),
/// so only what plays from there on is reported.
package struct TimedID3Cues: Sendable, Equatable {
    /// A tag at a position in the stream's own time.
    package struct Cue: Sendable, Hashable {
        /// Where the tag plays: its segment's start plus its offset, rounded down to the millisecond.
        package let position: Duration
        /// The tag's frames, reported as they are.
        package let frames: [ID3Frame]
    }

    /// Cues not yet reached, in position order.
    package private(set) var pending: [Cue] = []
    /// Cues before this position are not reported (where the last seek landed); nil before any seek.
    private var floor: Duration?

    /// No cues yet.
    package init() {}

    /// Takes the tags of the segment starting at `segmentStart`, each at its offset rounded down
    /// to the millisecond; a segment fetched twice adds its tags once.
    package mutating func add(_ tags: [TimedID3Tag], segmentStart: Duration) {
        for tag in tags {
            let cue = Cue(position: segmentStart + tag.offset.roundedDownToMilliseconds, frames: tag.frames)
            guard floor.map({ cue.position >= $0 }) ?? true, !pending.contains(cue) else { continue }
            let index = pending.firstIndex { $0.position > cue.position } ?? pending.endIndex
            pending.insert(cue, at: index)
        }
    }

    /// The frames of every cue at or before `position`, in order; they are reported and forgotten.
    package mutating func due(at position: Duration) -> [[ID3Frame]] {
        let count = pending.prefix { $0.position <= position }.count
        defer { pending.removeFirst(count) }
        return pending.prefix(count).map(\.frames)
    }

    /// A seek landed at `position`: cues before it are dropped, and no longer taken.
    package mutating func seek(to position: Duration) {
        floor = position
        pending.removeAll { $0.position < position }
    }

    /// The next cue's position, where the playhead must be woken.
    package var nextPosition: Duration? { pending.first?.position }
}
