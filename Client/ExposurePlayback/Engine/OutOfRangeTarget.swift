import Clocks

/// A start or seek target outside the seekable range, with that range, in the terms it was asked
/// in: a position in the stream, or a wall-clock time (the stream's program dates).
package enum OutOfRangeTarget: Sendable, Equatable {
    /// A position, and the seekable positions.
    case position(Duration, seekable: ClosedRange<Duration>)
    /// A wall-clock time, and the seekable times; nil when the stream's segments carry no dates,
    /// and only the seekable `positions` are known.
    case time(WallTime, seekable: ClosedRange<WallTime>?, positions: ClosedRange<Duration>)

    /// The target and the range in milliseconds, as ``PlayerWarning`` reports them: a position
    /// and positions in whole milliseconds, a time and times in milliseconds since 1970 (the
    /// positions when no times are known).
    package var inMilliseconds: (requested: Int64, seekableRange: ClosedRange<Int64>) {
        switch self {
        case .position(let requested, let range): (requested.wholeMilliseconds, range.inWholeMilliseconds)
        case .time(let requested, let times, let positions):
            (requested.millisecondsSince1970, times?.inMillisecondsSince1970 ?? positions.inWholeMilliseconds)
        }
    }
}
