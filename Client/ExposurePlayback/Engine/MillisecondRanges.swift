import Clocks

extension ClosedRange<Duration> {
    /// The range in whole milliseconds (each end by ``Swift/Duration/wholeMilliseconds``), as the
    /// app's events and the official SDK's ranges speak of positions.
    package var inWholeMilliseconds: ClosedRange<Int64> { lowerBound.wholeMilliseconds...upperBound.wholeMilliseconds }
}

extension ClosedRange<WallTime> {
    /// The range in milliseconds since 1970, as the app's events and the official SDK's ranges
    /// speak of wall-clock times.
    package var inMillisecondsSince1970: ClosedRange<Int64> { lowerBound.millisecondsSince1970...upperBound.millisecondsSince1970 }
}
