import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How one read of a non-blocking descriptor ended.
enum DescriptorRead: Sendable {
    /// These bytes arrived.
    case bytes(Data)
    /// The other side closed: no more bytes will come.
    case end
    /// The read failed with this `errno` (ECONNRESET for a reset connection).
    case failed(Int32)
    /// Nothing arrived within the time limit.
    case timedOut
    /// The reading task was cancelled.
    case cancelled
}

/// Reads what the non-blocking `descriptor` has (up to 64 KiB), suspending the task, without
/// holding a thread, until something arrives, `timeout` passes (nil: no limit) or the task is
/// cancelled.
func readAvailable(_ descriptor: Int32, within timeout: Duration?) async -> DescriptorRead {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = read(descriptor, &buffer, buffer.count)
        if count > 0 { return .bytes(Data(buffer[..<count])) }
        if count == 0 { return .end }
        switch errno {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK:
            switch await descriptorReady(descriptor, for: .read, within: timeout) {
            case .ready: continue
            case .timedOut: return .timedOut
            case .cancelled: return .cancelled
            }
        case let code: return .failed(code)
        }
    }
}

/// Makes `descriptor`'s reads and writes return at once instead of blocking.
func makeNonBlocking(_ descriptor: Int32) {
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
}
