import Synchronization

/// The HTTP server's diagnostics, held back until it listens: a failed start is reported once,
/// in its own words (libmicrohttpd's "Failed to bind to port 0" names the wrong port), and what
/// came before a successful start is written then.
final class HeldDiagnostics: Sendable {
    private let held = Mutex<[String]?>([])
    private let write: @Sendable (String) -> Void

    init(write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Holds `message` until the server listens, or writes it once it does.
    func report(_ message: String) {
        let wasHeld = held.withLock { held in
            guard held != nil else { return false }
            held?.append(message)
            return true
        }
        if !wasHeld { write(message) }
    }

    /// The server listens: writes what was held, and every later message at once.
    func release() {
        let pending = held.withLock { held in
            defer { held = nil }
            return held ?? []
        }
        pending.forEach(write)
    }
}
