/// An ordered list of header fields with case-insensitive lookup.
package struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were added.
    package private(set) var fields: [(name: String, value: String)]

    /// An empty header list.
    package init() { fields = [] }

    /// Headers from name/value pairs, in order.
    package init(_ pairs: [(String, String)]) { fields = pairs.map { (name: $0.0, value: $0.1) } }

    /// Headers from a literal such as `["Content-Type": "text/plain"]`, in written order.
    package init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    /// The first value for `name`, compared case-insensitively.
    package subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Appends a field, keeping any existing ones of the same name.
    package mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Replaces every field named `name` with a single one.
    package mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    /// Removes every field named `name`.
    package mutating func remove(_ name: String) {
        // Looked for first: removing writes to (and so may copy) the fields even when none match.
        guard fields.contains(where: { Self.sameName($0.name, name) }) else { return }
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// Whether two field names are the same, ignoring ASCII case (RFC 9110 §5.1), without
    /// allocating lower-cased copies: every request looks up several fields.
    package static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        // Lengths first: most names compared are different ones, and a native String knows its length.
        lhs.utf8.count == rhs.utf8.count
            && lhs.utf8.elementsEqual(rhs.utf8) { a, b in
                a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
            }
    }

    /// Iterates the fields in order.
    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// Equal when the same names (case included) and values appear in the same order.
    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }
}
