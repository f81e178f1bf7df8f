import Clocks

/// The attributes of one tag line (`NAME=VALUE,NAME="quoted",…`), read into names and raw
/// values, with typed accessors that turn bad values into line-numbered errors.
///
/// Only tags with attribute lists (STREAM-INF, MEDIA, DATERANGE) come here; they are rare
/// compared with EXTINF/PDT lines, so plain Strings are fine.
struct AttributeList {
    /// One attribute as written.
    struct Entry {
        var name: String
        var value: String
        var isQuoted: Bool
    }

    private(set) var entries: [Entry] = []
    private let tag: String
    private let line: Int

    /// Reads the attribute list in `bytes[start..<end]` of the tag `tag` on line `line`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, tag: String, line: Int)
        throws(HLSParseError)
    {
        self.tag = tag
        self.line = line
        var index = start
        while index < end {
            while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
            let nameStart = index
            while index < end, bytes[index] != UInt8(ascii: "=") {
                let byte = bytes[index]
                let isNameByte =
                    (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                    || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                guard isNameByte else {
                    throw HLSParseError(
                        line: line,
                        message: "\(tag) has a malformed attribute name near \"\(bytes.string(from: nameStart, to: min(end, index + 1)))\"."
                    )
                }
                index += 1
            }
            guard index < end, index > nameStart else {
                throw HLSParseError(
                    line: line, message: "\(tag) has an attribute without a value: \"\(bytes.string(from: nameStart, to: index))\".")
            }
            let name = bytes.string(from: nameStart, to: index)
            index += 1
            let entry: Entry
            if index < end, bytes[index] == UInt8(ascii: "\"") {
                let valueStart = index + 1
                let closing = bytes.firstIndex(of: UInt8(ascii: "\""), from: valueStart, to: end)
                guard closing < end else {
                    throw HLSParseError(line: line, message: "\(tag) attribute \(name) has an unterminated quoted string.")
                }
                entry = Entry(name: name, value: bytes.string(from: valueStart, to: closing), isQuoted: true)
                index = closing + 1
            } else {
                let valueEnd = bytes.firstIndex(of: UInt8(ascii: ","), from: index, to: end)
                entry = Entry(name: name, value: bytes.string(from: index, to: valueEnd), isQuoted: false)
                index = valueEnd
            }
            if entries.contains(where: { $0.name == name }) {
                throw HLSParseError(line: line, message: "\(tag) has the attribute \(name) twice.")
            }
            entries.append(entry)
            if index < end {
                guard bytes[index] == UInt8(ascii: ",") else {
                    throw HLSParseError(line: line, message: "\(tag) attribute \(name) is followed by text instead of a comma.")
                }
                index += 1
            }
        }
    }

    /// The error for a value of the wrong type.
    func invalid(_ entry: Entry, expected: String) -> HLSParseError {
        HLSParseError(line: line, message: "\(tag) attribute \(entry.name) must be \(expected), found \"\(entry.value)\".")
    }

    /// The error for a missing required attribute.
    func missing(_ name: String, ruleID: String? = nil) -> HLSParseError {
        HLSParseError(line: line, message: "\(tag) is missing the required attribute \(name).", ruleID: ruleID)
    }

    func quotedString(_ entry: Entry) throws(HLSParseError) -> String {
        guard entry.isQuoted else { throw invalid(entry, expected: "a quoted string") }
        return entry.value
    }

    func enumerated(_ entry: Entry) throws(HLSParseError) -> String {
        guard !entry.isQuoted, !entry.value.isEmpty else { throw invalid(entry, expected: "an unquoted enumerated value") }
        return entry.value
    }

    func integer(_ entry: Entry) throws(HLSParseError) -> Int {
        guard !entry.isQuoted, let value = Int(entry.value), value >= 0 else {
            throw invalid(entry, expected: "a decimal integer")
        }
        return value
    }

    func yesNo(_ entry: Entry) throws(HLSParseError) -> Bool {
        switch (entry.isQuoted, entry.value) {
        case (false, "YES"): return true
        case (false, "NO"): return false
        default: throw invalid(entry, expected: "YES or NO")
        }
    }

    func decimal(_ entry: Entry) throws(HLSParseError) -> Double {
        guard !entry.isQuoted, let value = Self.decimalFloat(entry.value) else {
            throw invalid(entry, expected: "a decimal number")
        }
        return value
    }

    func duration(_ entry: Entry) throws(HLSParseError) -> HLSDuration {
        var text = entry.value
        let duration = text.withUTF8 { $0.duration(from: 0, to: $0.count) }
        guard !entry.isQuoted, let duration else { throw invalid(entry, expected: "decimal seconds") }
        return duration
    }

    func date(_ entry: Entry) throws(HLSParseError) -> HLSDate {
        guard entry.isQuoted, let millis = ISO8601.parse(entry.value)?.millisecondsSince1970 else {
            throw invalid(entry, expected: "a quoted ISO-8601 date")
        }
        return HLSDate(millisecondsSince1970: millis)
    }

    func hex(_ entry: Entry) throws(HLSParseError) -> [UInt8] {
        guard !entry.isQuoted, let bytes = Self.hexBytes(entry.value) else {
            throw invalid(entry, expected: "a hexadecimal sequence 0x… with an even number of digits")
        }
        return bytes
    }

    func resolution(_ entry: Entry) throws(HLSParseError) -> Resolution {
        let parts = entry.value.split(separator: "x", omittingEmptySubsequences: false)
        guard !entry.isQuoted, parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
            width > 0, height > 0
        else { throw invalid(entry, expected: "a resolution WIDTHxHEIGHT") }
        return Resolution(width: width, height: height)
    }

    /// A decimal-floating-point: digits with an optional fraction and sign, no exponent.
    static func decimalFloat(_ text: String) -> Double? {
        guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D }) else {
            return nil
        }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Bytes of `0x…`/`0X…` text with an even number of hex digits.
    static func hexBytes(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 4, utf8.count % 2 == 0, utf8[0] == UInt8(ascii: "0"),
            utf8[1] == UInt8(ascii: "x") || utf8[1] == UInt8(ascii: "X")
        else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count / 2 - 1)
        var index = 2
        while index < utf8.count {
            guard let high = hexDigit(utf8[index]), let low = hexDigit(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
