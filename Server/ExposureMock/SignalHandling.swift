import Foundation
import MockPlatform

/// SIGINT and SIGTERM, taken by the main thread with `sigwait` instead of an asynchronous handler.
///
/// `block()` runs first thing in `main`, so every thread started later (the HTTP server's
/// connection threads included) inherits the mask and a signal stays pending until `waitThenStop(_:announce:)`
/// takes it: none is lost between start-up and readiness, which a dispatch signal source
/// (installed asynchronously over SIG_IGN) could not promise. The main thread waits itself
/// because `dispatchMain()` parks it in `sigsuspend` with every signal unblocked.
struct TerminationSignals: Sendable {
    private let signals: sigset_t

    /// Blocks SIGINT and SIGTERM in the calling thread and its future threads.
    static func block() -> TerminationSignals {
        // An ignored signal is discarded rather than left pending (shells start background
        // jobs with SIGINT ignored), so both get their default action back before blocking.
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        return TerminationSignals(signals: signals)
    }

    /// Waits for either signal (or takes one already pending), stops `platform`, calls `stopped`
    /// and exits 0.
    func waitThenStop(_ platform: MockPlatform, stopped: () -> Void) -> Never {
        var waited = signals
        var received: Int32 = 0
        sigwait(&waited, &received)
        platform.stop()
        stopped()
        exit(0)
    }
}
