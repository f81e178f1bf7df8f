import Foundation

/// Runs blocking work (waiting for a child process, reading its pipes) on a thread of its own.
///
/// Swift Testing runs tests on the cooperative pool, which has one thread per core — two here.
/// A test that blocks one of them starves every async test running beside it (a throttling
/// test once waited 10 s for a request that could not be scheduled).
public func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread {
            continuation.resume(with: Result { try body() })
        }
        thread.start()
    }
}
