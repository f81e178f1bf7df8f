import Foundation

/// Converts milliseconds since 1970 to a `Date`.
func dateFromMs(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

/// Converts a `Date` to milliseconds since 1970, rounded down.
func msFromDate(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
