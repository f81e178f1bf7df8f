/// Decoded query parameters, in order, with repeated keys kept.
public struct QueryParameters: Sendable, Equatable {
    /// Every `key=value` pair in the order sent; a bare `key` has an empty value.
    public let items: [(name: String, value: String)]

    /// Parses a raw query string such as `a=1&b=x%2Cy&b=z`.
    public init(rawQuery: String) {
        // One scan over the bytes (`&` and `=` are ASCII, so their indices are character
        // boundaries): generic `split` with closures was a third of this on the play query.
        var items: [(name: String, value: String)] = []
        var rest = rawQuery[...]
        while !rest.isEmpty {
            let pairEnd = rest.utf8.firstIndex(of: UInt8(ascii: "&")) ?? rest.endIndex
            let pair = rest[..<pairEnd]
            rest = pairEnd == rest.endIndex ? rest[pairEnd...] : rest[rest.index(after: pairEnd)...]
            guard !pair.isEmpty else { continue }
            if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                items.append((QueryParameters.decode(pair[..<equals]), QueryParameters.decode(pair[pair.index(after: equals)...])))
            } else {
                items.append((QueryParameters.decode(pair), ""))
            }
        }
        self.items = items
    }

    /// The first value of `name`, if present.
    public subscript(name: String) -> String? { items.first { $0.name == name }?.value }

    /// Every value of `name` in order (repeated keys), each also split on commas.
    public func list(_ name: String) -> [String] {
        var values: [String] = []
        for item in items where item.name == name {
            for value in item.value.split(separator: ",") { values.append(String(value)) }
        }
        return values
    }

    /// Percent-decodes one component; malformed escapes are kept literally.
    static func decode(_ component: Substring) -> String {
        // Most components have nothing to decode; copying them as they are skips a byte loop
        // that was a twentieth of the mock's time on the official SDK's play query.
        if !component.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) { return String(component) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(component.utf8.count)
        var iterator = Array(component.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                      let high = hexValue(iterator[iterator.startIndex]),
                      let low = hexValue(iterator[iterator.startIndex + 1]) {
                bytes.append(high << 4 | low)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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
    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }
}
