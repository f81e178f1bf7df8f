import Clocks
import Exposure
import Foundation

/// How values read in tables.
enum Format {
    /// `1:02:03` or `4:05` from milliseconds.
    static func duration(milliseconds: Int64?) -> String {
        guard let milliseconds else { return "-" }
        let seconds = milliseconds / 1000
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
    }

    /// Seconds as the command line shows them: the duration's whole milliseconds over a thousand.
    static func seconds(_ duration: Duration) -> Double { Double(duration.wholeMilliseconds) / 1000 }

    /// `2026-11-29 13:00:00Z`: UTC, to the second.
    static func time(_ date: Date?) -> String {
        guard let date else { return "-" }
        return timestamp(ISO8601.string(from: date))
    }

    /// Same, of an instant.
    static func time(_ instant: WallTime?) -> String {
        guard let instant else { return "-" }
        return timestamp(ISO8601.string(from: instant))
    }

    /// Same, from epoch milliseconds.
    static func time(epochMilliseconds: Int64?) -> String {
        guard let epochMilliseconds else { return "-" }
        return timestamp(ISO8601.string(fromMilliseconds: epochMilliseconds))
    }

    /// `today 13:00` on the UTC day of `today`, else `2026-11-29 13:00`.
    static func dayTime(_ date: Date?, today: Date) -> String {
        guard let date else { return "-" }
        let iso = ISO8601.string(from: date)
        let clock = String(iso.dropFirst(11).prefix(5))
        return day(date) == day(today) ? "today " + clock : iso.prefix(10) + " " + clock
    }

    /// `2026-11-29`: the UTC day.
    static func day(_ date: Date) -> String { String(ISO8601.string(from: date).prefix(10)) }

    /// `yes`/`no`, or `-` when unknown.
    static func flag(_ value: Bool?) -> String {
        value.map { $0 ? "yes" : "no" } ?? "-"
    }

    private static func timestamp(_ iso: String) -> String {
        iso.prefix(10) + " " + iso.dropFirst(11).prefix(8) + "Z"
    }
}
