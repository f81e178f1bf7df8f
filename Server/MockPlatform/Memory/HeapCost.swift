import ExposureModels

/// About how many bytes a value holds on the heap, worked out from Swift's layouts: what the mock
/// counts against its byte budgets for what clients send it. Counting the JSON a record came in
/// undercounts what it becomes: `[1,1,1,…]` is 2 bytes an element as JSON and 24 decoded, so a
/// budget of JSON bytes let a few hundred crafted batches take the process past a gigabyte.
enum HeapCost {
    /// What one allocation costs beyond its contents: the header Swift puts before a string's or a
    /// collection's storage (16 bytes), its count and capacity, and malloc's chunk header and rounding.
    static let allocation = 48

    /// A string's heap bytes: none up to 15 UTF-8 bytes (kept inline), else its bytes and one allocation.
    static func string(_ string: String) -> Int {
        let count = string.utf8.count
        return count <= 15 ? 0 : allocation + count + 1
    }

    /// An array's storage: its capacity in slots (the elements' own heap bytes not included).
    static func array<Element>(_ array: [Element]) -> Int {
        array.capacity == 0 ? 0 : allocation + array.capacity * MemoryLayout<Element>.stride
    }

    /// A dictionary's storage: its buckets (a dictionary keeps at most three quarters of them
    /// filled) with a key and a value slot each; the keys' and values' own heap bytes not included.
    static func dictionary<Key, Value>(_ dictionary: [Key: Value]) -> Int {
        guard dictionary.capacity > 0 else { return 0 }
        let buckets = dictionary.capacity * 4 / 3 + 1
        return allocation + buckets * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride) + buckets / 8
    }

    /// A string-keyed dictionary of strings (request headers): its storage, keys and values.
    static func strings(_ dictionary: [String: String]) -> Int {
        dictionary.reduce(Self.dictionary(dictionary)) { $0 + string($1.key) + string($1.value) }
    }

    /// A decoded JSON value's heap bytes beyond its own slot: strings, arrays and objects, nested.
    static func json(_ value: JSONValue) -> Int {
        switch value {
        case .null, .bool, .integer, .number: 0
        case .string(let string): Self.string(string)
        case .array(let elements): elements.reduce(array(elements)) { $0 + json($1) }
        case .object(let fields): object(fields)
        }
    }

    /// A decoded JSON object's heap bytes: its storage, its keys and its values, nested.
    static func object(_ fields: [String: JSONValue]) -> Int {
        fields.reduce(dictionary(fields)) { $0 + string($1.key) + json($1.value) }
    }
}
