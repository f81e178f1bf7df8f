import Synchronization

/// Listeners and streams of one ``Player``. Any number of each; delivery is in order, on the
/// playback loop, never re-entrant (a listener that calls the player only queues a command).
///
/// Playbacks hold the hub, not the player: the hub knows the player only weakly, so releasing
/// the player releases it even while a playback runs. Once the player is gone, listeners (which
/// take the player as their first argument) are no longer called; streams still receive the
/// last playback's final event and then finish.
final class EventHub: Sendable {
    typealias Listener = @Sendable (Player, PlaybackSource?, PlayerEvent) -> Void

    /// How many undelivered events a stream keeps; past that its oldest are dropped, so a
    /// consumer that stopped reading costs bounded memory and still sees the final events.
    static let streamBufferLimit = 1024

    private struct State {
        weak var player: Player?
        var listeners: [Listener] = []
        var streams: [Int: AsyncStream<PlayerEvent>.Continuation] = [:]
        var nextStreamId = 0
        var runningPlaybacks = 0
        var playerReleased = false
        var finished: Bool { playerReleased && runningPlaybacks == 0 }
    }

    private let state = Mutex(State())

    /// Names the player that listeners are handed.
    func attach(_ player: Player) {
        state.withLock { $0.player = player }
    }

    func add(_ listener: @escaping Listener) {
        state.withLock { $0.listeners.append(listener) }
    }

    /// A new stream that receives every event from now on and finishes after the player is gone.
    func stream() -> AsyncStream<PlayerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: PlayerEvent.self, bufferingPolicy: .bufferingNewest(Self.streamBufferLimit))
        let id = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            state.nextStreamId += 1
            state.streams[state.nextStreamId] = continuation
            return state.nextStreamId
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    func publish(_ event: PlayerEvent, source: PlaybackSource?) {
        let (player, listeners, streams) = state.withLock { ($0.player, $0.listeners, Array($0.streams.values)) }
        if let player {
            for listener in listeners { listener(player, source, event) }
        }
        for stream in streams { stream.yield(event) }
    }

    /// A playback started: streams stay open until it ends.
    func playbackBegan() {
        state.withLock { $0.runningPlaybacks += 1 }
    }

    /// A playback delivered its final event.
    func playbackEnded() {
        finishStreamsIfDone { $0.runningPlaybacks -= 1 }
    }

    /// The player went away: streams finish once no playback is left running.
    func playerReleased() {
        finishStreamsIfDone { $0.playerReleased = true }
    }

    private func finishStreamsIfDone(after change: (inout State) -> Void) {
        let closing = state.withLock { state -> [AsyncStream<PlayerEvent>.Continuation] in
            change(&state)
            guard state.finished else { return [] }
            defer { state.streams = [:] }
            return Array(state.streams.values)
        }
        closing.forEach { $0.finish() }
    }
}
