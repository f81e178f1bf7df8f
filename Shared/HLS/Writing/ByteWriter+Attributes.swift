import Foundation

/// Writing attribute lists (`NAME=VALUE,…`) with RFC 8216 value spellings.
extension ByteWriter {
    /// Writes `,NAME=` (no comma before the first attribute of a list).
    mutating func appendAttributeName(_ name: StaticString, isFirst: inout Bool) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        append(name)
        bytes.append(UInt8(ascii: "="))
    }

    /// Writes `,NAME=` for a name known only at run time.
    mutating func appendAttributeName(_ name: String, isFirst: inout Bool) {
        if !isFirst { bytes.append(UInt8(ascii: ",")) }
        isFirst = false
        append(name)
        bytes.append(UInt8(ascii: "="))
    }

    /// Writes a quoted-string. A quoted-string cannot contain `"`, CR or LF, so those become
    /// `'` and spaces: the output stays a valid playlist whatever the model holds.
    mutating func appendQuoted(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "'"))
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): bytes.append(UInt8(ascii: " "))
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes text that must stay on one line (URIs, titles, verbatim tags).
    mutating func appendSingleLine(_ value: String) {
        var value = value
        value.withUTF8 { text in
            var runStart = 0
            for index in 0..<text.count where text[index] == UInt8(ascii: "\n") || text[index] == UInt8(ascii: "\r") {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<index]))
                bytes.append(UInt8(ascii: " "))
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart...]))
        }
    }

    /// Writes a hexadecimal-sequence `0x…` in upper case.
    mutating func appendHex(_ value: [UInt8]) {
        HexadecimalSequence.write(value, into: &bytes)
    }

    /// Writes a YES/NO enumerated value.
    mutating func appendYesNo(_ value: Bool) {
        append(value ? "YES" : "NO")
    }

    /// Writes a decimal-floating-point with exactly three decimals (as FRAME-RATE wants).
    mutating func appendThreeDecimals(_ value: Double) {
        // Beyond this the value has no meaningful decimals and would not fit in Int64.
        guard abs(value) < 1e15 else {
            appendDecimal(value)
            return
        }
        let thousandths = Int64((value * 1000).rounded())
        if thousandths < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = abs(thousandths)
        append(magnitude / 1000)
        bytes.append(UInt8(ascii: "."))
        appendPadded(magnitude % 1000, width: 3)
    }

    /// Writes a decimal-floating-point in its shortest exact form, never in exponent notation
    /// (which RFC 8216 does not allow).
    mutating func appendDecimal(_ value: Double) {
        guard value.isFinite else {
            // A decimal-floating-point cannot spell infinity or NaN; the parser never produces them.
            append("0")
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            append(Int64(value))
            return
        }
        let shortest = "\(value)"
        if !shortest.contains("e") {
            append(shortest)
            return
        }
        var fixed = String(format: "%.17f", value)
        while fixed.hasSuffix("0") { fixed.removeLast() }
        if fixed.hasSuffix(".") { fixed.removeLast() }
        append(fixed)
    }

    /// Writes attributes kept verbatim.
    mutating func appendOtherAttributes(_ attributes: [HLSAttribute], isFirst: inout Bool) {
        for attribute in attributes {
            appendAttributeName(attribute.name, isFirst: &isFirst)
            if attribute.isQuoted { appendQuoted(attribute.value) } else { appendSingleLine(attribute.value) }
        }
    }
}
