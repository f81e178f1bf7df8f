import Clocks

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

    /// Builds up to `maxCount` bytes on the stack with `body`, then appends them at once.
    mutating func appendFixed(maxCount: Int, _ body: (inout FixedText) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maxCount) { buffer in
            var text = FixedText(base: buffer.baseAddress!, capacity: maxCount)
            body(&text)
            bytes.append(contentsOf: text.written)
        }
    }

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
        appendFixed(maxCount: FixedText.maxIntegerCount) { $0.put(value) }
    }

    /// Appends a decimal integer.
    mutating func append(_ value: Int) {
        append(Int64(value))
    }

    /// Appends a non-negative `value` zero-padded to at least `width` digits.
    mutating func appendPadded(_ value: Int64, width: Int) {
        appendFixed(maxCount: max(width, FixedText.maxIntegerCount)) { $0.putDigits(value.magnitude, width: width) }
    }

    /// Appends a duration as decimal seconds (see ``FixedText/put(_:)-(HLSDuration)``).
    mutating func append(_ duration: HLSDuration) {
        appendFixed(maxCount: FixedText.maxDurationCount) { $0.put(duration) }
    }

    /// Appends `yyyy-MM-ddTHH:mm:ss.SSSZ` (UTC).
    mutating func appendISO8601(_ millisecondsSince1970: Int64) {
        appendFixed(maxCount: ISO8601.maxCount) { $0.putISO8601(millisecondsSince1970) }
    }
}
