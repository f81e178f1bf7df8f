import Clocks
import ExposurePlayback
import Foundation
import HLS
import Testing

/// The ID3 tags waiting for the playhead, as a value.
@Suite struct TimedID3CuesTests {
    static let program: [ID3Frame] = [.priv(owner: "com.example.program", data: Data("p1".utf8))]
    static let ads: [ID3Frame] = [.txxx(description: "ads", value: "ad-1")]

    @Test func eachTagIsDueOnceWhenThePlayheadReachesIt() {
        var cues = TimedID3Cues()
        cues.add([TimedID3Tag(offset: .milliseconds(500), frames: Self.ads)], segmentStart: .milliseconds(4_000))
        cues.add([TimedID3Tag(offset: .zero, frames: Self.program)], segmentStart: .milliseconds(2_000))
        // The same segment again (a retry, another variant): its tag is kept once.
        cues.add([TimedID3Tag(offset: .zero, frames: Self.program)], segmentStart: .milliseconds(2_000))
        #expect(cues.nextPosition == .milliseconds(2_000))
        #expect(cues.due(at: .milliseconds(1_999)).isEmpty)
        #expect(cues.due(at: .milliseconds(2_000)) == [Self.program])
        #expect(cues.nextPosition == .milliseconds(4_500))
        #expect(cues.due(at: .milliseconds(10_000)) == [Self.ads])
        #expect(cues.due(at: .milliseconds(10_000)).isEmpty)
        #expect(cues.nextPosition == nil)
    }

    @Test func aSeekDropsTheTagsItPassesAndThoseBehindWhereItLanded() {
        var cues = TimedID3Cues()
        cues.add([TimedID3Tag(offset: .zero, frames: Self.program)], segmentStart: .milliseconds(2_000))
        cues.add([TimedID3Tag(offset: .zero, frames: Self.ads)], segmentStart: .milliseconds(8_000))
        cues.seek(to: .milliseconds(5_000))
        #expect(cues.pending.map(\.position) == [.milliseconds(8_000)])
        // The segment fetched again from where the seek landed: its earlier tag stays unreported.
        cues.add([TimedID3Tag(offset: .zero, frames: Self.program)], segmentStart: .milliseconds(4_000))
        #expect(cues.due(at: .milliseconds(8_000)) == [Self.ads])
        // Back before it: reported again from there on.
        cues.seek(to: .milliseconds(0))
        cues.add([TimedID3Tag(offset: .zero, frames: Self.program)], segmentStart: .milliseconds(2_000))
        #expect(cues.due(at: .milliseconds(2_000)) == [Self.program])
    }
}
