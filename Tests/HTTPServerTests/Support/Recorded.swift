import HTTPServer
import Synchronization

/// What callbacks under test were called with, in order, from any thread.
final class Recorded<Element: Sendable>: Sendable {
    private let elements = Mutex<[Element]>([])
    func add(_ element: Element) { elements.withLock { $0.append(element) } }
    var all: [Element] { elements.withLock { $0 } }
}
