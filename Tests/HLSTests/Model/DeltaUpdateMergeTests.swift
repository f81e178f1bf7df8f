import HLS
import Testing

@Suite("Merging a Playlist Delta Update into the previous copy")
struct DeltaUpdateMergeTests {
    @Test("the merge is the full playlist, DATERANGEs back where a full playlist writes them", arguments: [0, 1, 5, 6])
    func mergedIsFull(slide: Int) throws {
        let previous = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 100, count: 20)
        let full = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 100 + slide, count: 20)
        let delta = PlaylistFixtures.deltaUpdate(of: full, skipping: 14)
        let merged = try #require(previous.applying(deltaUpdate: delta))
        #expect(merged == full)
        // Through text too: what the client parses merges the same way.
        let parsed = try HLSParser.parseMedia(HLSWriter.bytes(delta))
        #expect(previous.applying(deltaUpdate: parsed) == full)
    }

    @Test("a v2 update: the copy's DATERANGEs stay, the recently removed go, the update's join them", arguments: [0, 1, 5, 6, 9])
    func mergedSkippingDateRangesIsFull(slide: Int) throws {
        let previous = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 100, count: 20)
        let full = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 100 + slide, count: 20)
        // The skipped segments are all in the copy (a 20-segment window slid by `slide`).
        let delta = PlaylistFixtures.deltaUpdateSkippingDateRanges(of: full, skipping: min(14, 20 - slide), previous: previous)
        #expect(delta.allDateRanges.count < full.allDateRanges.count, "the update skips DATERANGEs")
        // program-12 (segments 96–103) leaves once the window starts at 104.
        #expect(delta.skipped?.recentlyRemovedDateRangeIDs == (slide >= 4 ? ["program-12"] : []))
        let merged = try #require(previous.applying(deltaUpdate: delta))
        #expect(merged == full)
        let parsed = try HLSParser.parseMedia(HLSWriter.bytes(delta))
        #expect(previous.applying(deltaUpdate: parsed) == full, "through text too")
    }

    @Test("a v2 update's tag for a range the copy has goes after the copy's tags of it")
    func addedTagOfAKnownRange() throws {
        var previous = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 100, count: 20)
        var full = previous
        let start = try #require(full.segments[15].programDateTime)
        let out = DateRange(id: "break", rangeClass: "com.redbee.ad", startDate: start, plannedDuration: .seconds(12))
        let back = DateRange(id: "break", rangeClass: "com.redbee.ad", startDate: start, duration: .seconds(12))
        previous.segments[15].dateRanges.append(out)
        full.segments[15].dateRanges += [out, back]
        let delta = PlaylistFixtures.deltaUpdateSkippingDateRanges(of: full, skipping: 10, previous: previous)
        #expect(delta.allDateRanges == [back])
        #expect(previous.applying(deltaUpdate: delta) == full)
    }

    @Test("a range that began before the window stays on the first segment")
    func earlierRange() throws {
        let full = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 101, count: 20)
        #expect(full.segments[0].dateRanges.map(\.id) == ["program-12"], "program-12 began at segment 96")
        let merged = try #require(
            PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 100).applying(
                deltaUpdate: PlaylistFixtures.deltaUpdate(of: full, skipping: 10)))
        #expect(merged.segments[0].dateRanges.map(\.id) == ["program-12"])
        #expect(merged.segments[3].dateRanges.map(\.id) == ["program-13"])
    }

    @Test("the header is the update's, the version the full copy's")
    func header() throws {
        var full = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 103)
        full.serverControl?.holdBack = .seconds(18)
        let merged = try #require(
            PlaylistFixtures.liveWindowOfferingDeltaUpdates().applying(deltaUpdate: PlaylistFixtures.deltaUpdate(of: full, skipping: 12)))
        #expect(merged.version == 6 && merged.skipped == nil)
        #expect(merged.serverControl == full.serverControl && merged.firstDiscontinuitySequence == full.firstDiscontinuitySequence)
    }

    @Test("a full playlist is its own merge")
    func fullPlaylist() {
        let full = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 130)
        #expect(PlaylistFixtures.liveWindowOfferingDeltaUpdates().applying(deltaUpdate: full) == full)
    }

    @Test("nothing to merge when the previous copy lacks a skipped segment")
    func gaps() {
        let full = PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 110)
        let delta = PlaylistFixtures.deltaUpdate(of: full, skipping: 12)
        // Too old: the copy ends at 109, the update skips 110–121.
        #expect(PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 90).applying(deltaUpdate: delta) == nil)
        // Too new: the copy starts at 111.
        #expect(PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 111).applying(deltaUpdate: delta) == nil)
        // A copy that is itself a delta update has no skipped segments to give.
        #expect(delta.applying(deltaUpdate: delta) == nil)
        // An update that skips nothing needs nothing from the copy.
        let whole = PlaylistFixtures.deltaUpdate(of: full, skipping: 0)
        #expect(PlaylistFixtures.liveWindowOfferingDeltaUpdates(first: 1).applying(deltaUpdate: whole) == full)
    }

    @Test("sequence numbers of listed segments count the skipped ones")
    func sequenceNumbers() {
        let delta = PlaylistFixtures.deltaUpdate(of: PlaylistFixtures.liveWindowOfferingDeltaUpdates(), skipping: 12)
        #expect(delta.isDeltaUpdate && delta.skippedSegmentCount == 12)
        #expect(delta.firstMediaSequence == 100 && delta.mediaSequence(ofSegmentAt: 0) == 112)
    }
}
