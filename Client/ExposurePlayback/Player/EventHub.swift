import Synchronization

/// Listeners and streams of one ``Player``. Any number of each; delivery is in order, on the
/// playback loop, never re-entrant (a listener that calls the player only queues a command).
final class EventHub: Sendable {
    typealias Listener = @Sendable (Player, PlaybackSource?, PlayerEvent) -> Void

    private struct State {
        var listeners: [Listener] = []
        var streams: [Int: AsyncStream<PlayerEvent>.Continuation] = [:]
        var nextStreamId = 0
    }

    private let state = Mutex(State())

    func add(_ listener: @escaping Listener) {
        state.withLock { $0.listeners.append(listener) }
    }

    /// A new stream that receives every event from now on.
    func stream() -> AsyncStream<PlayerEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PlayerEvent.self)
        let id = state.withLock { state in
            state.nextStreamId += 1
            state.streams[state.nextStreamId] = continuation
            return state.nextStreamId
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.streams.removeValue(forKey: id) }
        }
        return stream
    }

    func publish(_ event: PlayerEvent, player: Player, source: PlaybackSource?) {
        let (listeners, streams) = state.withLock { ($0.listeners, Array($0.streams.values)) }
        for listener in listeners { listener(player, source, event) }
        for stream in streams { stream.yield(event) }
    }
}
