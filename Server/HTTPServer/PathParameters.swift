/// Values captured from a path by a route pattern.
package struct PathParameters: Sendable, Equatable {
    /// In pattern order; a pattern captures a handful at most, so a scan beats hashing.
    private let values: [(name: String, value: String)]

    package init(_ values: [(name: String, value: String)]) { self.values = values }

    /// The value captured for `name`, if the pattern had such a segment.
    package subscript(name: String) -> String? { values.first { $0.name == name }?.value }

    /// The same names captured the same values, in the same order.
    package static func == (lhs: PathParameters, rhs: PathParameters) -> Bool {
        lhs.values.elementsEqual(rhs.values) { $0.name == $1.name && $0.value == $1.value }
    }
}
