/// Appends text to a byte buffer without creating intermediate `String`s: writing a
/// 3,600-segment live playlist is a hot path on the server.
struct ByteWriter {
    /// The bytes written so far.
    var bytes: [UInt8]

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Continues writing into an existing buffer; moves it out so appends do not copy.
    init(taking buffer: inout [UInt8]) {
        bytes = buffer
        buffer = []
    }

    /// The bytes as a String (they are always valid UTF-8: only Strings and ASCII go in).
    var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func appendNewline() {
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Appends a decimal integer.
    mutating func append(_ value: Int64) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            // The magnitude of Int64.min does not fit in Int64.
            appendMagnitude(value.magnitude)
        } else {
            appendMagnitude(UInt64(value))
        }
    }

    mutating func append(_ value: Int) {
        append(Int64(value))
    }

    private mutating func appendMagnitude(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        // Digits come out last-first; collect them on the stack and append once, since
        // per-byte appends and divisions by a variable dominate playlist writing otherwise.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var first = 20
            while rest > 0 {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first..<20]))
        }
    }

    /// Appends `value` zero-padded to at least `width` digits (non-negative values).
    mutating func appendPadded(_ value: Int64, width: Int) {
        var threshold: Int64 = 10
        var digits = 1
        while digits < width {
            if value < threshold { bytes.append(UInt8(ascii: "0")) }
            threshold *= 10
            digits += 1
        }
        appendMagnitude(UInt64(value))
    }

    /// Appends a duration as decimal seconds: three decimals when it is whole milliseconds,
    /// otherwise up to six (trailing zeros dropped), so the text reads back exactly.
    mutating func append(_ duration: HLSDuration) {
        var micros = duration.microseconds
        if micros < 0 {
            bytes.append(UInt8(ascii: "-"))
            micros = -micros
        }
        appendMagnitude(UInt64(micros / 1_000_000))
        bytes.append(UInt8(ascii: "."))
        var fraction = micros % 1_000_000
        if fraction % 1000 == 0 {
            appendPadded(fraction / 1000, width: 3)
            return
        }
        var width = 6
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        appendPadded(fraction, width: width)
    }

    /// Appends `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC).
    mutating func appendISO8601(_ millisecondsSince1970: Int64) {
        let millisPerDay: Int64 = 86_400_000
        var days = millisecondsSince1970 / millisPerDay
        var millisOfDay = millisecondsSince1970 % millisPerDay
        if millisOfDay < 0 {
            days -= 1
            millisOfDay += millisPerDay
        }
        let (year, month, day) = CivilCalendar.date(days: days)
        guard (0...9999).contains(year) else {
            appendISO8601Slowly(year: year, month: month, day: day, millisOfDay: millisOfDay)
            return
        }
        // Fill a fixed 24-byte template on the stack and append it in one go: this runs once
        // per segment of every live playlist the server writes.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { text in
            func put(_ value: Int64, at offset: Int, width: Int) {
                var rest = value
                for position in stride(from: offset + width - 1, through: offset, by: -1) {
                    text[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, at: 0, width: 4)
            text[4] = UInt8(ascii: "-")
            put(month, at: 5, width: 2)
            text[7] = UInt8(ascii: "-")
            put(day, at: 8, width: 2)
            text[10] = UInt8(ascii: "T")
            put(millisOfDay / 3_600_000, at: 11, width: 2)
            text[13] = UInt8(ascii: ":")
            put(millisOfDay / 60_000 % 60, at: 14, width: 2)
            text[16] = UInt8(ascii: ":")
            put(millisOfDay / 1000 % 60, at: 17, width: 2)
            text[19] = UInt8(ascii: ".")
            put(millisOfDay % 1000, at: 20, width: 3)
            text[23] = UInt8(ascii: "Z")
            bytes.append(contentsOf: UnsafeBufferPointer(text))
        }
    }

    /// Years past 9999 (and before year 0) need more than the fixed template's four digits.
    private mutating func appendISO8601Slowly(year: Int64, month: Int64, day: Int64, millisOfDay: Int64) {
        append(year)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(month, width: 2)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(day, width: 2)
        bytes.append(UInt8(ascii: "T"))
        appendPadded(millisOfDay / 3_600_000, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(millisOfDay / 60_000 % 60, width: 2)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(millisOfDay / 1000 % 60, width: 2)
        bytes.append(UInt8(ascii: "."))
        appendPadded(millisOfDay % 1000, width: 3)
        bytes.append(UInt8(ascii: "Z"))
    }
}
