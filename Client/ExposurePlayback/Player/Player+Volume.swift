import Synchronization

/// Volume and mute as player state. The headless engine renders no sound, so these are what an
/// app's audio output reads; they survive from one playback to the next, as on AVPlayer.
extension Player {
    /// The volume, 0…1 (values outside are clamped).
    public var volume: Float {
        get { audio.withLock { $0.volume } }
        set { audio.withLock { $0.volume = min(max(newValue, 0), 1) } }
    }

    /// Whether sound is muted; the volume is kept for unmuting.
    public var isMuted: Bool {
        get { audio.withLock { $0.isMuted } }
        set { audio.withLock { $0.isMuted = newValue } }
    }
}

/// What ``Player/volume`` and ``Player/isMuted`` hold.
struct AudioState: Sendable {
    var volume: Float = 1
    var isMuted = false
}
