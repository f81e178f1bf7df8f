import Clocks
import ExposurePlayback
import Testing

/// The app hears of a target outside the seekable range in milliseconds, as the official SDK's
/// warnings give them: positions for a position, times since 1970 for a time.
@Suite struct OutOfRangeTargetTests {
    @Test func aPositionIsInWholeMillisecondsOfTheStream() {
        let target = OutOfRangeTarget.position(.milliseconds(90_500) + .microseconds(700), seekable: .zero ... .seconds(60))
        #expect(target.inMilliseconds == (90_500, 0...60_000))
    }

    @Test func aTimeIsInMillisecondsSince1970WithTheSeekableTimes() {
        let start = WallTime(millisecondsSince1970: 1_700_000_000_000)
        let target = OutOfRangeTarget.time(start - .seconds(5), seekable: start...start + .seconds(60), positions: .zero ... .seconds(60))
        #expect(target.inMilliseconds == (1_699_999_995_000, 1_700_000_000_000...1_700_000_060_000))
    }

    /// A stream without program dates knows no seekable times: its positions are reported.
    @Test func aTimeWithoutSeekableTimesReportsThePositions() {
        let target = OutOfRangeTarget.time(WallTime(millisecondsSince1970: 42), seekable: nil, positions: .seconds(2) ... .seconds(30))
        #expect(target.inMilliseconds == (42, 2_000...30_000))
    }
}
