import Exposure

/// An app's own ad service, told what the playback does: the playback calls of the official
/// SDK's `AdService`, each with an empty default. ``Player/onAdServiceRequested(callback:)`` asks
/// for one per playback. The player tracks server-side ads itself (beacons, clips, skips); the
/// official service's stream-rewriting calls (`prepareAsset`, `playerProxy`) have no counterpart.
public protocol AdService: AnyObject, Sendable {
    /// Playback can start.
    func playbackReady()
    /// Playback started.
    func playbackStarted()
    /// Playback ended: completed or aborted.
    func playbackEnded()
    /// Playback paused.
    func playbackPaused()
    /// Playback resumed from a pause.
    func playbackResumed()
    /// Playback stopped with `error`.
    func playbackFailed(error: PlayerError)
    /// The buffer ran dry.
    func playbackBufferingStarted()
    /// Buffering is over.
    func playbackBufferingEnded()
    /// A seek landed at `destination`, ms.
    func seekRequestTriggered(withTargetPosition destination: Int64)
    /// The timed metadata at the playhead changed (the EXT-X-DATERANGE ranges active there).
    func playbackTimedMetadata(metaData: Any?)
}

extension AdService {
    public func playbackReady() {}
    public func playbackStarted() {}
    public func playbackEnded() {}
    public func playbackPaused() {}
    public func playbackResumed() {}
    public func playbackFailed(error: PlayerError) {}
    public func playbackBufferingStarted() {}
    public func playbackBufferingEnded() {}
    public func seekRequestTriggered(withTargetPosition destination: Int64) {}
    public func playbackTimedMetadata(metaData: Any?) {}
}

extension PlayerEvent {
    /// Tells `service` about this event, when it is one the service hears of.
    func tell(_ service: any AdService) {
        switch self {
        case .playbackReady: service.playbackReady()
        case .playbackStarted: service.playbackStarted()
        case .playbackCompleted, .playbackAborted: service.playbackEnded()
        case .playbackPaused: service.playbackPaused()
        case .playbackResumed: service.playbackResumed()
        case .error(let error): service.playbackFailed(error: error)
        case .bufferingStarted: service.playbackBufferingStarted()
        case .bufferingStopped: service.playbackBufferingEnded()
        case .playbackScrubbed(let position): service.seekRequestTriggered(withTargetPosition: position)
        case .dateRangeMetadataChanged(let metadata): service.playbackTimedMetadata(metaData: metadata)
        case .timedID3Metadata(let frames): service.playbackTimedMetadata(metaData: frames)
        default: break
        }
    }
}
