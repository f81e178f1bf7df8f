import Clocks
import Foundation

/// The JSON timestamps' codec as it was named before both sides shared one: each call forwards
/// to Clocks' ``Clocks/ISO8601``, which has the same four.
@available(*, deprecated, renamed: "ISO8601", message: "Clocks' ISO8601 is the one codec of instants as text")
public enum ISO8601Timestamp {
    /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` for milliseconds since 1970.
    public static func string(fromMilliseconds milliseconds: Int64) -> String { ISO8601.string(fromMilliseconds: milliseconds) }

    /// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` for `date`.
    public static func string(from date: Date) -> String { ISO8601.string(from: date) }

    /// Milliseconds since 1970 of a timestamp, nil when the text is not one.
    public static func milliseconds(from text: String) -> Int64? { ISO8601.milliseconds(from: text) }

    /// The date of a timestamp, nil when the text is not one.
    public static func date(from text: String) -> Date? { ISO8601.date(from: text) }
}
