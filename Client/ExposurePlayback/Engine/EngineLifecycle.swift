/// Where an ``HLSEngine`` is in its life, each phase carrying what only it needs: whether to
/// play once ready exists only before ready, the failure's reason only once failed.
///
/// Ready is reached once and leads to the first play, so "has started" and "ready announced"
/// are phases here, not flags.
enum EngineLifecycle: Sendable, Equatable {
    /// Playlists loading; the start position is not placed yet.
    case loading(playWhenReady: Bool)
    /// The start is placed; the buffer fills up to the resume threshold.
    case preparing(playWhenReady: Bool)
    /// Enough is buffered; waiting for `play`.
    case ready
    /// The playhead moves.
    case playing
    /// Started, then the buffer ran dry; playing again once it refills.
    case buffering
    /// Paused by command.
    case paused
    /// Reached the end.
    case ended
    /// Stopped by command.
    case stopped
    /// Could not continue.
    case failed(reason: String)

    /// The public phase.
    var phase: HLSEngine.Phase {
        switch self {
        case .loading, .preparing: .loading
        case .ready: .ready
        case .playing: .playing
        case .buffering: .buffering
        case .paused: .paused
        case .ended: .ended
        case .stopped: .stopped
        case .failed: .failed
        }
    }

    /// Whether the start position is placed (the playhead means something).
    var isStartPlaced: Bool {
        if case .loading = self { return false }
        return true
    }

    /// Whether playback is over: nothing more is fetched or played.
    var isOver: Bool {
        switch self {
        case .ended, .stopped, .failed: true
        default: false
        }
    }

    /// The same phase with the app's latest wish to play once ready (phases before ready only).
    func wantingToPlay(_ wanted: Bool) -> EngineLifecycle {
        switch self {
        case .loading: .loading(playWhenReady: wanted)
        case .preparing: .preparing(playWhenReady: wanted)
        default: self
        }
    }

    /// The phase once the start position is placed.
    var placingStart: EngineLifecycle {
        if case .loading(let playWhenReady) = self { return .preparing(playWhenReady: playWhenReady) }
        return self
    }
}
