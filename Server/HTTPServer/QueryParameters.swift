/// Decoded query parameters, in order, with repeated keys kept.
package struct QueryParameters: Sendable, Equatable {
    /// Every `key=value` pair in the order sent; a bare `key` has an empty value.
    package let items: [(name: String, value: String)]

    /// Parses a raw query string such as `a=1&b=x%2Cy&b=z`.
    package init(rawQuery: String) {
        // Scanned as bytes with integer offsets (`&`, `=`, `%` and `+` are ASCII): walking
        // Substring indices stood out in the profile of the official SDK's play query.
        var raw = rawQuery
        items = raw.withUTF8 { bytes in
            var items: [(name: String, value: String)] = []
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "&")) ?? bytes.count
                if end > start {
                    if let equals = bytes[start..<end].firstIndex(of: UInt8(ascii: "=")) {
                        items.append((Self.decode(bytes, start..<equals), Self.decode(bytes, (equals + 1)..<end)))
                    } else {
                        items.append((Self.decode(bytes, start..<end), ""))
                    }
                }
                start = end + 1
            }
            return items
        }
    }

    /// The first value of `name`, if present.
    package subscript(name: String) -> String? { items.first { $0.name == name }?.value }

    /// Every value of `name` in order (repeated keys), each also split on commas.
    package func list(_ name: String) -> [String] {
        var values: [String] = []
        for item in items where item.name == name {
            // Split on the bytes: splitting the String walks Characters.
            for value in item.value.utf8.split(separator: UInt8(ascii: ",")) { values.append(String(decoding: value, as: UTF8.self)) }
        }
        return values
    }

    /// Percent-decodes the component at `range` of `bytes`; malformed escapes are kept literally.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        let component = UnsafeBufferPointer(rebasing: bytes[range])
        // Most components have nothing to decode: they are copied as they are.
        guard component.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) else {
            return String(decoding: component, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(component.count)
        var index = 0
        while index < component.count {
            let byte = component[index]
            if byte == UInt8(ascii: "+") {
                decoded.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < component.count,
                let high = hexValue(component[index + 1]), let low = hexValue(component[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 2
            } else {
                decoded.append(byte)
            }
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Equal when the same pairs appear in the same order.
    package static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }
}
