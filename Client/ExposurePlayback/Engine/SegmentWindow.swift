/// The segments of a live window, indexed from 0, that drop from the front and grow at the
/// back in time proportional to the segments moved, not to the window: merging a delta update
/// into a 3,600-segment DVR window touches only the dozen segments that changed.
///
/// Dropped segments stay in storage until they are at least half of it, then go in one move,
/// so dropping is amortised O(1) per segment.
package struct SegmentWindow: RandomAccessCollection, Sendable, Equatable {
    private var storage: [TimelineSegment]
    /// Where index 0 is in `storage`.
    private var head = 0

    /// A window holding `segments` in order.
    package init(_ segments: [TimelineSegment] = []) {
        storage = segments
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { storage.count - head }

    /// The segment at `position`, lent rather than copied: a segment holds a `URL`, whose copies
    /// go through value witnesses at run time, so a copy of a whole segment to read one of its
    /// fields (a binary search reads a dozen starts a tick) costs more than the search.
    package subscript(position: Int) -> TimelineSegment {
        _read { yield storage[head + position] }
    }

    /// The index of the segment holding `position`: the last one starting at or before it (the
    /// first one for a position before the window); nil while empty. A binary search on the
    /// starts, read in place: the playhead's time is looked up several times a tick.
    package func index(containing position: Duration) -> Int? {
        storage.withUnsafeBufferPointer { all in
            guard head < all.count else { return nil }
            var low = head
            var high = all.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if all[middle].start <= position { low = middle } else { high = middle - 1 }
            }
            return low - head
        }
    }

    /// Drops the first `count` segments.
    package mutating func removeFirst(_ count: Int) {
        precondition(count >= 0 && count <= self.count, "removing more segments than the window has")
        head += count
        if head >= 64, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    /// Drops the last `count` segments.
    package mutating func removeLast(_ count: Int) {
        precondition(count >= 0 && count <= self.count, "removing more segments than the window has")
        storage.removeLast(count)
    }

    /// Appends a segment at the back.
    package mutating func append(_ segment: TimelineSegment) {
        storage.append(segment)
    }

    package static func == (lhs: SegmentWindow, rhs: SegmentWindow) -> Bool {
        lhs.elementsEqual(rhs)
    }
}
