import Clocks

/// Writes a short piece of text of bounded length (numbers, dates, a segment's tag lines)
/// straight into stack memory, so ``ByteWriter`` appends it to the output in one call
/// instead of one call per byte or field.
struct FixedText {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written so far.
    private(set) var count = 0

    init(base: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Longest text of ``put(_:)-(HLSDuration)``: sign, 13 digits, point, 6 decimals.
    static let maxDurationCount = 24
    /// Longest text of ``put(_:)-(Int64)``.
    static let maxIntegerCount = 20

    /// What was written.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    mutating func put(byte: UInt8) {
        precondition(count < capacity, "FixedText overflow")
        base[count] = byte
        count += 1
    }

    mutating func put(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        precondition(count + length <= capacity, "FixedText overflow")
        (base + count).update(from: text.utf8Start, count: length)
        count += length
    }

    /// Writes `value` in decimal with at least `width` digits (zero-padded).
    mutating func putDigits(_ value: UInt64, width: Int = 1) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        putExactDigits(value, width: max(width, digits))
    }

    /// Writes the last `width` decimal digits of `value`, zero-padded; callers pass a width
    /// that holds the whole value. Fixed widths make date fields a few multiplications each.
    mutating func putExactDigits(_ value: UInt64, width: Int) {
        precondition(count + width <= capacity, "FixedText overflow")
        var remaining = value
        var position = count + width
        while position > count {
            position -= 1
            base[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        count += width
    }

    /// Writes a signed decimal integer.
    mutating func put(_ value: Int64) {
        if value < 0 { put(byte: UInt8(ascii: "-")) }
        putDigits(value.magnitude)
    }

    /// Writes decimal seconds: three decimals when the span is whole milliseconds, otherwise
    /// up to six (trailing zeros dropped), so the text reads back exactly.
    mutating func put(_ duration: HLSDuration) {
        if duration.microseconds < 0 { put(byte: UInt8(ascii: "-")) }
        let micros = duration.microseconds.magnitude
        putDigits(micros / 1_000_000)
        put(byte: UInt8(ascii: "."))
        var fraction = micros % 1_000_000
        if fraction % 1000 == 0 {
            putExactDigits(fraction / 1000, width: 3)
            return
        }
        var width = 6
        while fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        putExactDigits(fraction, width: width)
    }

    /// Writes `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC), as ``ISO8601`` does.
    mutating func putISO8601(_ millisecondsSince1970: Int64) {
        precondition(count + ISO8601.maxCount <= capacity, "FixedText overflow")
        count += ISO8601.write(millisecondsSince1970, into: base + count)
    }
}
