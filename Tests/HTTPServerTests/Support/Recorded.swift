@testable import HTTPServer

/// What callbacks under test were called with, in order, from any thread.
final class Recorded<Element: Sendable>: Sendable {
    private let elements = Locked<[Element]>([])
    func add(_ element: Element) { elements.withLock { $0.append(element) } }
    var all: [Element] { elements.withLock { $0 } }
}
