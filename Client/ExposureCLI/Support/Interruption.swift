import Dispatch
import Foundation
import Synchronization

/// Turns SIGINT (Ctrl-C), SIGTERM and a standard output whose reader went away
/// (`exposure play … | head`) into one call, so a long-running command ends its work in a state
/// it can account for (a playback stopped and reported, a download Suspended) instead of dying
/// mid-write. The first request calls the handler; a second signal quits at once with the status
/// of the first, as a user pressing Ctrl-C twice expects. The signals' earlier actions come back
/// when this is released.
final class Interruption {
    /// What asked the command to stop.
    enum Cause: Sendable, Equatable {
        /// SIGINT or SIGTERM.
        case signal(Int32)
        /// Standard output's reader closed it (SIGPIPE is ignored, so a write fails instead).
        case outputClosed

        /// 128 + the signal's number, as a shell reports a process that signal ended: 130 for
        /// Ctrl-C, 143 for SIGTERM, 141 for a closed pipe.
        var exitStatus: Int32 {
            switch self {
            case .signal(let number): 128 + number
            case .outputClosed: 128 + SIGPIPE
            }
        }

        /// `SIGINT`, `SIGTERM`, or what happened to the output.
        var name: String {
            switch self {
            case .signal(SIGINT): "SIGINT"
            case .signal(SIGTERM): "SIGTERM"
            case .signal(let number): "signal \(number)"
            case .outputClosed: "standard output closed"
            }
        }
    }

    /// The handled signals.
    private static let signals = [SIGINT, SIGTERM]
    /// The requests of the interruption in force; nil when none is.
    private static let current = Mutex<Requests?>(nil)

    private let requests: Requests
    private let sources: [any DispatchSourceSignal]
    /// What each signal did before, to put back.
    private let previousActions: [(signal: Int32, action: sighandler_t?)]

    /// Calls `handler` with the first stop request while this lives.
    init(_ handler: @escaping @Sendable (Cause) -> Void) {
        let requests = Requests(handler)
        self.requests = requests
        previousActions = Self.signals.map { ($0, signal($0, SIG_IGN)) }
        sources = Self.signals.map { number in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { requests.receive(.signal(number)) }
            source.resume()
            return source
        }
        Self.current.withLock { $0 = requests }
    }

    deinit {
        Self.current.withLock { $0 = nil }
        for source in sources { source.cancel() }
        for (number, action) in previousActions { signal(number, action) }
    }

    /// The first stop request, if any came.
    var cause: Cause? { requests.first }

    /// Standard output cannot be written any more: the interruption in force stops its command;
    /// without one, the process exits at once (quietly: the reader wants no more).
    static func outputClosed() {
        guard let requests = current.withLock({ $0 }) else { exit(Cause.outputClosed.exitStatus) }
        requests.receive(.outputClosed)
    }
}

/// The stop requests of one ``Interruption``, from signal handlers and writers on any thread.
private final class Requests: Sendable {
    private let handler: @Sendable (Interruption.Cause) -> Void
    private let received = Mutex<Interruption.Cause?>(nil)

    init(_ handler: @escaping @Sendable (Interruption.Cause) -> Void) { self.handler = handler }

    var first: Interruption.Cause? { received.withLock { $0 } }

    func receive(_ cause: Interruption.Cause) {
        let earlier = received.withLock { received in
            defer { received = received ?? cause }
            return received
        }
        switch (earlier, cause) {
        case (nil, _): handler(cause)
        // Every later write to the closed output fails too; the stop is under way.
        case (_, .outputClosed): return
        case (let earlier?, .signal): exit(earlier.exitStatus)
        }
    }
}

/// A command stopped early by an ``Interruption``; the exit status says which.
struct Interrupted: Error, CustomStringConvertible {
    let cause: Interruption.Cause
    /// What state the work was left in, for the user.
    let outcome: String

    var description: String { "interrupted (\(cause.name)): \(outcome)" }
}
