/// An ordered list of header fields with case-insensitive lookup: the one header type of the
/// SDK's transports and the mock's server.
///
/// A dictionary literal keeps its written order: `["Accept": "application/json"]`.
public struct HTTPHeaders: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// The fields in the order they were added.
    public private(set) var fields: [(name: String, value: String)]

    /// An empty header list.
    public init() { fields = [] }

    /// Headers from name/value pairs, in order.
    public init(_ pairs: [(String, String)]) { fields = pairs.map { (name: $0.0, value: $0.1) } }

    /// Headers from a dictionary, ordered by name (a dictionary has no order of its own).
    public init(_ dictionary: [String: String]) { self.init(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }) }

    /// Headers from a literal such as `["Content-Type": "text/plain"]`, in written order.
    public init(dictionaryLiteral elements: (String, String)...) { self.init(elements) }

    /// The first value for `name`, compared case-insensitively. Setting a value replaces every
    /// field named `name` with one at the end (``set(_:_:)``); setting nil removes them.
    public subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            if let newValue { set(name, newValue) } else { remove(name) }
        }
    }

    /// Appends a field, keeping any existing ones of the same name.
    public mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Adds a field as a response carried it: a name already present gets `value` joined to its
    /// first field's with `, ` (RFC 9110 §5.3), keeping that field's spelling and place.
    public mutating func combine(_ name: String, _ value: String) {
        if let index = fields.firstIndex(where: { Self.sameName($0.name, name) }) {
            fields[index].value += ", " + value
        } else {
            fields.append((name, value))
        }
    }

    /// Replaces every field named `name` with a single one.
    public mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        // Looked for first: removing writes to (and so may copy) the fields even when none match.
        guard fields.contains(where: { Self.sameName($0.name, name) }) else { return }
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// Whether two field names are the same, ignoring ASCII case (RFC 9110 §5.1), without
    /// allocating lower-cased copies: every request looks up several fields.
    public static func sameName(_ lhs: String, _ rhs: String) -> Bool {
        // Lengths first: most names compared are different ones, and a native String knows its length.
        lhs.utf8.count == rhs.utf8.count
            && lhs.utf8.elementsEqual(rhs.utf8) { a, b in
                a == b || (a | 0x20 == b | 0x20 && (a | 0x20) >= UInt8(ascii: "a") && (a | 0x20) <= UInt8(ascii: "z"))
            }
    }

    /// Iterates the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// The first field's position.
    public var startIndex: Int { fields.startIndex }

    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }

    /// The field at `position`, in order.
    public subscript(position: Int) -> (name: String, value: String) { fields[position] }

    /// The fields as a dictionary, for APIs that take one (`URLRequest.allHTTPHeaderFields`): a
    /// name given more than once has its values joined with ", ", as RFC 9110 §5.3 allows, under
    /// the spelling it first had.
    public var dictionary: [String: String] {
        var joined: [String: String] = [:]
        var spelling: [String: String] = [:]
        for field in fields {
            let key = spelling[field.name.lowercased(), default: field.name]
            spelling[field.name.lowercased()] = key
            joined[key] = joined[key].map { $0 + ", " + field.value } ?? field.value
        }
        return joined
    }

    /// Equal when the same names (case included) and values appear in the same order.
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.elementsEqual(rhs.fields) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes the names and values in order, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields.count)
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}
