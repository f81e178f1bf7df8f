import Exposure
import ExposurePlayback
import Synchronization

/// Stands in for the app around the seed's samples (its view controller): the names the samples
/// use (`environment`, `sessionToken`, `player`, `pausePlayButton`, `updateProgram(with:)`, …)
/// and a log of what reached the app, so tests can check that each sample did its part.
final class SampleApp: Sendable {
    let environment: Environment
    let sessionToken: SessionToken
    let player: Player
    let pausePlayButton = PausePlayButton()
    private let log = Mutex(Log())
    private let chosen = Mutex<AssetPlayable?>(nil)

    init(environment: Environment, sessionToken: SessionToken, dependencies: PlayerDependencies) {
        self.environment = environment
        self.sessionToken = sessionToken
        player = Player(environment: environment, sessionToken: sessionToken, dependencies: dependencies)
    }

    /// The playable the user chose (the samples read `self?.playable`).
    var playable: AssetPlayable? {
        get { chosen.withLock { $0 } }
        set { chosen.withLock { $0 = newValue } }
    }

    /// What the samples' closures handed to the app, in order.
    var received: [String] { log.withLock { $0.entries } }

    func note(_ entry: String) {
        let woken = log.withLock { log in
            log.entries.append(entry)
            let woken = log.waiters.filter { entry.hasPrefix($0.prefix) }
            log.waiters.removeAll { entry.hasPrefix($0.prefix) }
            return woken
        }
        woken.forEach { $0.continuation.resume(returning: entry) }
    }

    /// The first entry starting with `prefix`, once a sample's callback has noted it.
    func firstNote(startingWith prefix: String) async -> String {
        await withCheckedContinuation { continuation in
            let found = log.withLock { log -> String? in
                if let entry = log.entries.first(where: { $0.hasPrefix(prefix) }) { return entry }
                log.waiters.append((prefix, continuation))
                return nil
            }
            if let found { continuation.resume(returning: found) }
        }
    }

    func updateProgram(with program: Program?) { note("program \(program?.programId ?? "none")") }
    func updateQualityIndicator(with bitrate: Int) { note("bitrate \(bitrate)") }
}

private struct Log {
    var entries: [String] = []
    var waiters: [(prefix: String, continuation: CheckedContinuation<String, Never>)] = []
}

/// The play/pause button the listener sample toggles.
final class PausePlayButton: Sendable {
    private let paused = Mutex(false)
    var isPaused: Bool { paused.withLock { $0 } }
    func toggle(paused: Bool) { self.paused.withLock { $0 = paused } }
}
