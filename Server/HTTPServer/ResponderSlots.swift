import Dispatch

/// Bounds how many responders run at once: a connection's thread takes a slot for the
/// responder's call only, never while its answer waits or trickles out.
final class ResponderSlots: Sendable {
    /// A counting semaphore: taking and giving back a free slot is one atomic operation, and
    /// only a thread that finds none waits in the kernel.
    private let free: DispatchSemaphore

    init(count: Int) { free = DispatchSemaphore(value: max(1, count)) }

    /// Runs `body` once a slot is free.
    func run<Result>(_ body: () -> Result) -> Result {
        free.wait()
        defer { free.signal() }
        return body()
    }
}
