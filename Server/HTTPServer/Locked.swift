import Foundation

/// A value shared between threads, read and written only under its own lock.
///
/// A class, so one lock is shared by reference: captured by closures, handed to the server's
/// connections and read by tests (`Synchronization.Mutex` is non-copyable and cannot be).
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: `value` is only reached through `withLock`, which holds `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
