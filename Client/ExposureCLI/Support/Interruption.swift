import Dispatch
import Foundation

/// Turns Ctrl-C (SIGINT) into a call, so a command can leave its work in a state it can resume
/// instead of dying mid-write; the default action comes back when this is released.
final class InterruptSignal {
    private let source: any DispatchSourceSignal

    /// Calls `handler` on each SIGINT while this lives.
    init(_ handler: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler(handler: handler)
        source.resume()
    }

    deinit {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
