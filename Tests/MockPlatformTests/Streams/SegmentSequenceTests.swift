import HTTPServer
import Testing

@testable import MockPlatform

/// A segment URL's `seq` is read once (`StreamURLs.sequence`), within ±2⁴⁰: one no playlist
/// lists is answered like a segment without one, never placed on a timeline it would overflow
/// (`seq=9223372036854775807` on a channel's segment stopped the mock on an overflow trap).
@Suite struct SegmentSequenceTests {
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "1099511627777", "-1099511627777", "4x", ""])
    func aSequenceNoPlaylistListsIsAnsweredAndTheMockGoesOn(_ sequence: String) throws {
        let mock = try InProcessPlatform()
        let segment = "/media/reel/video/360p/seg-004.ts"
        #expect(mock.get("\(segment)?asset=news-24&seq=\(sequence)").status == 200, "a clear channel's segment, without timed metadata")
        #expect(mock.get("\(segment)?asset=sport-max&seq=\(sequence)").status == 404, "an encrypted channel's: no key period to pick")
        #expect(mock.get("\(segment)?asset=news-24&seq=4").status == 200)
    }

    @Test func theLimitIsReadExactly() {
        let limit = StreamURLs.sequenceLimit
        #expect(StreamURLs.sequence(String(limit)) == limit && StreamURLs.sequence(String(-limit)) == -limit)
        #expect(StreamURLs.sequence(String(limit + 1)) == nil && StreamURLs.sequence(String(-limit - 1)) == nil)
        #expect(StreamURLs.sequence("0") == 0 && StreamURLs.sequence(nil) == nil)
    }
}
