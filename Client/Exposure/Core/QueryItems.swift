/// Query parameters encoded the way the iOS SDK sends them, so the mock and real Exposure see
/// identical URLs: keys sorted, arrays as repeated keys, booleans `true`/`false`, and every
/// character outside RFC 3986's unreserved set (plus `/` and `?`) percent-encoded, so `,`
/// becomes `%2C`.
public struct QueryItems: Sendable, Hashable {
    private var values: [String: [String]] = [:]

    /// No parameters.
    public init() {}

    /// Whether there are no parameters.
    public var isEmpty: Bool { values.isEmpty }

    /// The values of a key, in the order they were given.
    public subscript(key: String) -> [String] { values[key] ?? [] }

    /// Sets a key to one value, or removes it when `value` is nil.
    public mutating func set(_ key: String, _ value: String?) {
        values[key] = value.map { [$0] }
    }

    /// Sets a key to `true`/`false`, or removes it when `value` is nil.
    public mutating func set(_ key: String, _ value: Bool?) {
        set(key, value.map { $0 ? "true" : "false" })
    }

    /// Sets a key to an integer, or removes it when `value` is nil.
    public mutating func set(_ key: String, _ value: Int64?) {
        set(key, value.map { String($0) })
    }

    /// Sets a key to an integer, or removes it when `value` is nil.
    public mutating func set(_ key: String, _ value: Int?) {
        set(key, value.map { String($0) })
    }

    /// Sets a key to a number (e.g. a latitude), or removes it when `value` is nil.
    public mutating func set(_ key: String, _ value: Double?) {
        set(key, value.map { String($0) })
    }

    /// Sets a key to several values, sent as repeated keys; an empty list removes the key.
    public mutating func set(_ key: String, repeating list: [String]) {
        values[key] = list.isEmpty ? nil : list
    }

    /// Adds every parameter of `other`, replacing keys both have.
    public mutating func merge(_ other: QueryItems) {
        values.merge(other.values) { _, new in new }
    }

    /// The query string without the leading `?`, e.g. `a=1&b=x&b=y&sort=k%2C-t`.
    public var encoded: String {
        values.keys.sorted().flatMap { key in
            values[key, default: []].map { "\(Self.escape(key))=\(Self.escape($0))" }
        }.joined(separator: "&")
    }

    /// Percent-encodes a key or value: UTF-8 bytes outside `A-Z a-z 0-9 - . _ ~ / ?` become `%XX`.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isAllowed(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "/"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
