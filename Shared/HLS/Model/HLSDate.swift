import Clocks
import Foundation

/// An instant as whole milliseconds since 1970-01-01T00:00:00Z.
///
/// Playlists carry dates with millisecond precision (`EXT-X-PROGRAM-DATE-TIME`,
/// `EXT-X-DATERANGE`), so an integer keeps them exact and comparable without the
/// rounding noise of `Date`'s floating-point seconds.
public struct HLSDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z; negative before it.
    public var millisecondsSince1970: Int64

    /// Creates an instant from milliseconds since 1970.
    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// Creates an instant from a Foundation date, rounded as ``Clocks/WallTime`` rounds one.
    public init(_ date: Date) { self.init(WallTime(date)) }

    /// The same instant as a wall time.
    public init(_ time: WallTime) { millisecondsSince1970 = time.millisecondsSince1970 }

    /// The same instant as a wall time: what players, clocks and the mock's timelines count in.
    public var wallTime: WallTime { WallTime(millisecondsSince1970: millisecondsSince1970) }

    /// Reads an ISO-8601 date such as `2024-03-01T12:00:00.250Z`; nil when malformed.
    public init?(iso8601 text: String) {
        guard let milliseconds = ISO8601.parse(text)?.millisecondsSince1970 else { return nil }
        millisecondsSince1970 = milliseconds
    }

    /// The same instant as a Foundation date.
    public var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }

    /// The instant in the `yyyy-MM-ddTHH:mm:ss.SSSZ` form playlists use.
    public var description: String { ISO8601.string(fromMilliseconds: millisecondsSince1970) }

    /// The instant `duration` later, truncated to whole milliseconds.
    public func adding(_ duration: HLSDuration) -> HLSDate {
        HLSDate(millisecondsSince1970: millisecondsSince1970 + duration.microseconds / 1000)
    }

    /// The span from `other` to this instant.
    public func duration(since other: HLSDate) -> HLSDuration {
        HLSDuration(milliseconds: millisecondsSince1970 - other.millisecondsSince1970)
    }

    /// Orders instants chronologically.
    public static func < (lhs: HLSDate, rhs: HLSDate) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }
}
