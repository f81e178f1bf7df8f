#if canImport(CCurl)
/// The header fields of a response as ``TransportResponse`` carries them, from the fields
/// libcurl's header API lists one by one: names as the server spelled them the first time,
/// repeated fields joined with `, ` in the order they came.
struct ReceivedHeaders: Sendable, Hashable {
    private var received: [Field] = []

    private struct Field: Sendable, Hashable {
        let name: String
        var value: String
    }

    /// The fields, by name.
    var fields: [String: String] {
        Dictionary(received.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    /// Adds one field as received.
    mutating func add(name: String, value: String) {
        if let index = received.firstIndex(where: { equalIgnoringASCIICase($0.name.utf8, name.utf8) }) {
            received[index].value += ", " + value
        } else {
            received.append(Field(name: name, value: value))
        }
    }
}
#endif
