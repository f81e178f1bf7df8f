import Foundation

/// One line of text as a byte range, without its line ending.
struct TextLine {
    /// Index of the first byte.
    var start: Int
    /// Index after the last byte, trailing CR and blanks excluded.
    var end: Int
    /// 1-based line number.
    var number: Int

    var isEmpty: Bool { start == end }
}

/// Splits bytes into lines without copying: LF or CRLF endings, an optional UTF-8
/// byte-order mark, a missing final newline, trailing blanks ignored.
struct LineScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var lineNumber = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        position = hasByteOrderMark ? 3 : 0
    }

    /// The number of the line most recently returned (0 before the first).
    var currentLineNumber: Int { lineNumber }

    mutating func next() -> TextLine? {
        guard position < bytes.count, let base = bytes.baseAddress else { return nil }
        let newlineEnd: Int
        // memchr scans a word at a time; a byte loop costs noticeably more on 300 KB playlists.
        if let newline = memchr(base + position, Int32(UInt8(ascii: "\n")), bytes.count - position) {
            newlineEnd = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        } else {
            newlineEnd = bytes.count
        }
        var end = newlineEnd
        while end > position,
            bytes[end - 1] == UInt8(ascii: "\r") || bytes[end - 1] == UInt8(ascii: " ")
                || bytes[end - 1] == UInt8(ascii: "\t")
        {
            end -= 1
        }
        lineNumber += 1
        let line = TextLine(start: position, end: end, number: lineNumber)
        position = newlineEnd + 1
        return line
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether `self[start..<end]` begins with `prefix`.
    func hasPrefix(_ prefix: StaticString, from start: Int, to end: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard end - start >= count, let base = baseAddress else { return false }
        return memcmp(base + start, prefix.utf8Start, count) == 0
    }

    /// The index right after `prefix` when `self[start..<end]` begins with it, else nil;
    /// where a tag's value starts.
    func index(after prefix: StaticString, from start: Int, to end: Int) -> Int? {
        hasPrefix(prefix, from: start, to: end) ? start + prefix.utf8CodeUnitCount : nil
    }

    /// Whether `self[start..<end]` is exactly `text`.
    func equals(_ text: StaticString, from start: Int, to end: Int) -> Bool {
        end - start == text.utf8CodeUnitCount && hasPrefix(text, from: start, to: end)
    }

    /// `self[start..<end]` as a String.
    func string(from start: Int, to end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[start..<end]), as: UTF8.self)
    }

    /// Index of the first `byte` in `start..<end`, or `end`.
    func firstIndex(of byte: UInt8, from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, self[index] != byte { index += 1 }
        return index
    }

    /// Reads `self[start..<end]` as a non-negative decimal integer; nil if anything else.
    func integer(from start: Int, to end: Int) -> Int? {
        guard start < end, end - start <= 18 else { return nil }
        var value = 0
        for index in start..<end {
            let digit = self[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    /// Reads `self[start..<end]` as decimal seconds (`6`, `6.006`, `-0.5`) into a duration.
    /// Digits past microseconds are truncated; nil if the text is not a decimal number.
    func duration(from start: Int, to end: Int) -> HLSDuration? {
        var index = start
        let negative = index < end && self[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var whole: Int64 = 0
        let wholeStart = index
        while index < end, case let digit = self[index] &- UInt8(ascii: "0"), digit < 10 {
            guard index - wholeStart < 12 else { return nil }
            whole = whole * 10 + Int64(digit)
            index += 1
        }
        guard index > wholeStart else { return nil }
        var micros: Int64 = 0
        if index < end, self[index] == UInt8(ascii: ".") {
            index += 1
            var scale: Int64 = 100_000
            while index < end, case let digit = self[index] &- UInt8(ascii: "0"), digit < 10 {
                micros += Int64(digit) * scale
                scale /= 10
                index += 1
            }
        }
        guard index == end else { return nil }
        let total = whole * 1_000_000 + micros
        return HLSDuration(microseconds: negative ? -total : total)
    }
}
