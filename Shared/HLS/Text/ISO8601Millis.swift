/// Reads and writes ISO-8601 instants with millisecond precision, by hand.
///
/// `ISO8601DateFormatter` costs ~9 µs per parse and ~1.5 µs per format on Linux; a live
/// playlist carries thousands of dates, so playlists, the server and JSON models use this.
public enum ISO8601Millis {
    /// Formats milliseconds since 1970 as `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC).
    public static func format(_ millisecondsSince1970: Int64) -> String {
        var writer = ByteWriter(capacity: 24)
        writer.appendISO8601(millisecondsSince1970)
        return writer.string
    }

    /// Appends `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC) for the instant to `bytes`, for callers that
    /// build larger byte buffers and want no intermediate `String`.
    public static func append(_ millisecondsSince1970: Int64, to bytes: inout [UInt8]) {
        var writer = ByteWriter(taking: &bytes)
        writer.appendISO8601(millisecondsSince1970)
        bytes = writer.bytes
    }

    /// Reads an instant such as `2024-02-29T23:59:59.5+01:00`, returning milliseconds since
    /// 1970, or nil when the text is not a complete date-time.
    ///
    /// Accepts a `T`, `t` or space between date and time, any number of fraction digits
    /// (digits past milliseconds are truncated), and a zone of `Z`, `±hh:mm`, `±hhmm` or
    /// `±hh`. A missing zone is read as UTC.
    public static func parse(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { read($0, from: 0, to: $0.count)?.millisecondsSince1970 }
    }

    /// Reads an instant from UTF-8 bytes; accepts the same forms as the `String` overload.
    public static func parse(_ bytes: some Collection<UInt8>) -> Int64? {
        let reading = bytes.withContiguousStorageIfAvailable { read($0, from: 0, to: $0.count) }
        if let reading { return reading?.millisecondsSince1970 }
        return Array(bytes).withUnsafeBufferPointer { read($0, from: 0, to: $0.count) }?.millisecondsSince1970
    }

    /// What was read, with the details the HLS rules care about (millis and zone present).
    struct Reading {
        var millisecondsSince1970: Int64
        var hasFraction: Bool
        var hasZone: Bool
    }

    /// Reads an instant from `bytes[start..<end]`; nil unless the whole range is one instant.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Reading? {
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
            hour < 24, minute < 60, second < 60
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
        let secondsOfDay = hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return Reading(
            millisecondsSince1970: (days * 86_400 + secondsOfDay) * 1000 + millis,
            hasFraction: hasFraction,
            hasZone: hasZone
        )
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
