import Foundation

/// The one reader and writer of ISO-8601 instants in the project: Exposure's JSON, the mock's
/// API and log, HLS's `EXT-X-PROGRAM-DATE-TIME` and date ranges. By hand, because Foundation's
/// formatters cost ~9 µs a parse and ~1.5 µs a format on Linux, and an EPG week or a live
/// playlist carries thousands of dates.
///
/// Writes `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC); years outside 0000–9999 take ISO 8601's expanded
/// form, a sign and at least four digits (`+10000-01-01T00:00:00.000Z`), so any `Int64` of
/// milliseconds has a text. Reads that and what RFC 3339 allows besides: a `T`, `t` or space
/// between date and time; a leap second (`23:59:60`, read as the instant after `23:59:59`); any
/// number of fraction digits after `.` or `,` (digits past milliseconds are truncated); a zone
/// of `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh`. A text without a zone reads as UTC, and ``Reading``
/// says there was none, for the callers whose rules want one.
public enum ISO8601 {
    /// What was read, with the details the HLS rules care about.
    public struct Reading: Sendable, Equatable {
        /// The instant, in milliseconds since 1970.
        public var millisecondsSince1970: Int64
        /// Whether the text had a fraction of a second.
        public var hasFraction: Bool
        /// Whether the text named its zone (`Z` or an offset).
        public var hasZone: Bool
    }

    /// The longest text ``write(_:into:)`` writes: an Int64 of milliseconds spans ±292 million years.
    public static let maxCount = 32

    /// Formats milliseconds since 1970 as `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC).
    public static func string(fromMilliseconds millisecondsSince1970: Int64) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            let count = write(millisecondsSince1970, into: buffer.baseAddress!)
            return String(decoding: UnsafeBufferPointer(start: buffer.baseAddress, count: count), as: UTF8.self)
        }
    }

    /// Formats an instant as `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC).
    public static func string(from instant: WallTime) -> String {
        string(fromMilliseconds: instant.millisecondsSince1970)
    }

    /// Formats a date, truncated to whole milliseconds.
    public static func string(from date: Date) -> String {
        string(fromMilliseconds: WallTime(date).millisecondsSince1970)
    }

    /// Appends the instant's text to `bytes`, for callers that build larger byte buffers.
    public static func append(_ millisecondsSince1970: Int64, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            let count = write(millisecondsSince1970, into: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(start: buffer.baseAddress, count: count))
        }
    }

    /// Writes the instant's text at `base`, which has room for ``maxCount`` bytes; returns how many it wrote.
    public static func write(_ millisecondsSince1970: Int64, into base: UnsafeMutablePointer<UInt8>) -> Int {
        let (days, millisOfDay) = floorDivide(millisecondsSince1970, 86_400_000)
        let (year, month, day) = CivilCalendar.date(days: days)
        var text = Writer(base: base)
        if year < 0 { text.put("-") } else if year > 9999 { text.put("+") }
        text.put(year.magnitude, width: 4)
        text.put("-")
        text.put(UInt64(month), width: 2)
        text.put("-")
        text.put(UInt64(day), width: 2)
        text.put("T")
        let millis = UInt64(millisOfDay)
        text.put(millis / 3_600_000, width: 2)
        text.put(":")
        text.put(millis / 60_000 % 60, width: 2)
        text.put(":")
        text.put(millis / 1000 % 60, width: 2)
        text.put(".")
        text.put(millis % 1000, width: 3)
        text.put("Z")
        return text.count
    }

    /// Parses a date-time that names its zone into milliseconds since 1970, or nil when it is
    /// malformed or has no zone (Exposure's JSON always carries one).
    public static func milliseconds(from text: String) -> Int64? {
        guard let reading = parse(text), reading.hasZone else { return nil }
        return reading.millisecondsSince1970
    }

    /// Parses a date-time that names its zone into an instant, or nil like ``milliseconds(from:)``.
    public static func wallTime(from text: String) -> WallTime? {
        milliseconds(from: text).map(WallTime.init(millisecondsSince1970:))
    }

    /// Parses a date-time that names its zone into a `Date`, or nil like ``milliseconds(from:)``.
    public static func date(from text: String) -> Date? {
        milliseconds(from: text).map { WallTime(millisecondsSince1970: $0).date }
    }

    /// Reads a whole text as one instant; nil unless it is one.
    public static func parse(_ text: String) -> Reading? {
        var text = text
        return text.withUTF8 { read($0, from: 0, to: $0.count) }
    }

    /// Reads UTF-8 bytes as one instant; nil unless they are one.
    public static func parse(_ bytes: some Collection<UInt8>) -> Reading? {
        let reading = bytes.withContiguousStorageIfAvailable { read($0, from: 0, to: $0.count) }
        if let reading { return reading }
        return Array(bytes).withUnsafeBufferPointer { read($0, from: 0, to: $0.count) }
    }

    /// Reads an instant from `bytes[start..<end]`; nil unless the whole range is one instant.
    public static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Reading? {
        // A struct cursor rather than nested functions capturing a var: captured vars get
        // dynamic exclusivity checks, which cost a third of a live-playlist parse.
        var cursor = Cursor(bytes: bytes, index: start, end: end)
        guard let year = cursor.number(digits: 4), cursor.skip("-"),
            let month = cursor.number(digits: 2), cursor.skip("-"),
            let day = cursor.number(digits: 2),
            cursor.skip("T") || cursor.skip("t") || cursor.skip(" "),
            let hour = cursor.number(digits: 2), cursor.skip(":"),
            let minute = cursor.number(digits: 2), cursor.skip(":"),
            let second = cursor.number(digits: 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= CivilCalendar.daysInMonth(year: year, month: month),
            hour < 24, minute < 60, second <= 60
        else { return nil }

        var millis: Int64 = 0
        var hasFraction = false
        if cursor.skip(".") || cursor.skip(",") {
            var scale: Int64 = 100
            while let digit = cursor.digit() {
                millis += digit * scale
                scale /= 10
                hasFraction = true
            }
            guard hasFraction else { return nil }
        }

        var offsetMinutes: Int64 = 0
        var hasZone = false
        if cursor.skip("Z") || cursor.skip("z") {
            hasZone = true
        } else if cursor.skip("+") || cursor.skip("-") {
            let sign: Int64 = bytes[cursor.index - 1] == UInt8(ascii: "-") ? -1 : 1
            guard let zoneHours = cursor.number(digits: 2), zoneHours < 24 else { return nil }
            var zoneMinutes: Int64 = 0
            if !cursor.isAtEnd {
                _ = cursor.skip(":")
                guard let minutes = cursor.number(digits: 2), minutes < 60 else { return nil }
                zoneMinutes = minutes
            }
            offsetMinutes = sign * (zoneHours * 60 + zoneMinutes)
            hasZone = true
        }
        guard cursor.isAtEnd else { return nil }

        let days = CivilCalendar.days(year: year, month: month, day: day)
        // A leap second (60) counts as the first second of the next minute.
        let secondsOfDay = hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return Reading(
            millisecondsSince1970: (days * 86_400 + secondsOfDay) * 1000 + millis, hasFraction: hasFraction, hasZone: hasZone)
    }

    /// Quotient rounded towards minus infinity and the remainder that goes with it
    /// (`divisor > 0`), without overflow for any `value`.
    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }

    private struct Writer {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        mutating func put(_ byte: Unicode.Scalar) {
            base[count] = UInt8(ascii: byte)
            count += 1
        }

        /// `value` in decimal, zero-padded to at least `width` digits.
        mutating func put(_ value: UInt64, width: Int) {
            var digits = 1
            var rest = value / 10
            while rest > 0 {
                digits += 1
                rest /= 10
            }
            digits = max(digits, width)
            // A plain loop from the last digit back: a `stride` here costs more than the digits
            // in a debug build (generic iterators), and playlists write one date per segment.
            var remaining = value
            var index = count + digits
            while index > count {
                index -= 1
                base[index] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            }
            count += digits
        }
    }

    private struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        let end: Int

        var isAtEnd: Bool { index == end }

        mutating func skip(_ byte: Unicode.Scalar) -> Bool {
            guard index < end, bytes[index] == UInt8(ascii: byte) else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int64? {
            guard index < end else { return nil }
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            index += 1
            return Int64(digit)
        }

        mutating func number(digits: Int) -> Int64? {
            guard end - index >= digits else { return nil }
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }
}
