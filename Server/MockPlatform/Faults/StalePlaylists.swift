import Clocks
import Foundation
import Synchronization

/// What a stale-playlist rule keeps: when it first struck (platform time) and, per playlist
/// path, the playlist it froze there, served again until the rule's time is up.
final class StalePlaylists: Sendable {
    private struct State {
        var started: WallTime?
        var bodies: [String: Data] = [:]
    }

    private let state = Mutex(State())

    /// Whether `lasting` has passed since the first request the rule struck (the first call
    /// starts the time).
    func hasEnded(at now: WallTime, lasting: Duration) -> Bool {
        state.withLock { state in
            let started = state.started ?? now
            state.started = started
            return now - started >= lasting
        }
    }

    /// The playlist frozen for `path`, or `body` frozen for it now when there is none yet.
    func frozen(_ body: Data, for path: String) -> Data {
        state.withLock { state in
            if let kept = state.bodies[path] { return kept }
            state.bodies[path] = body
            return body
        }
    }
}
