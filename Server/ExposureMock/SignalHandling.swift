import Dispatch
import Foundation
import MockPlatform

/// Stops `platform` and exits on SIGINT or SIGTERM.
///
/// Lives outside `main.swift` on purpose: a closure formed in top-level code is main-actor
/// isolated, and running it on the signal queue trips Swift's isolation check at run time.
func stopOnTerminationSignals(_ platform: MockPlatform, announce: @escaping @Sendable (String) -> Void) -> [any DispatchSourceSignal] {
    let queue = DispatchQueue(label: "exposure-mock.signals")
    return [SIGINT, SIGTERM].map { number in
        signal(number, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
        source.setEventHandler { @Sendable in
            announce("Stopping…")
            platform.stop()
            exit(0)
        }
        source.resume()
        return source
    }
}
