import Foundation

/// Converts milliseconds since 1970 to a `Date`.
func dateFromMs(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

/// Converts a `Date` to milliseconds since 1970, rounded down.
func msFromDate(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }

/// `value / divisor` rounded towards minus infinity (`divisor > 0`): schedules and timelines
/// count back from 1970 too, and an instant before a boundary belongs to the period before it.
func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : (value - divisor + 1) / divisor
}
