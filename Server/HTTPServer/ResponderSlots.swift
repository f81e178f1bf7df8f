import Foundation

/// Bounds how many responders run at once: a connection's thread takes a slot for the
/// responder's call only, never while its answer waits or trickles out.
final class ResponderSlots: @unchecked Sendable {
    // @unchecked: `free` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var free: Int

    init(count: Int) { free = max(1, count) }

    /// Runs `body` once a slot is free.
    func run<Result>(_ body: () -> Result) -> Result {
        condition.lock()
        while free == 0 { condition.wait() }
        free -= 1
        condition.unlock()
        defer {
            condition.lock()
            free += 1
            condition.signal()
            condition.unlock()
        }
        return body()
    }
}
