import Exposure
import HLS

/// Everything a ``Player`` reports, in the order it happens. The seed's chainable closures
/// (`onPlaybackStarted { … }`) are listeners on these; ``Player/events`` streams them.
public enum PlayerEvent: Sendable {
    /// The media source exists (entitlement received); not yet ready.
    case playbackCreated
    /// Playlists loaded: duration and ranges known; not yet ready.
    case playbackPrepared
    /// Playback can start (autoplay starts it).
    case playbackReady
    /// Playback started, once per playback.
    case playbackStarted
    /// Paused.
    case playbackPaused
    /// Resumed after a pause.
    case playbackResumed
    /// Stopped by ``Player/stop()``.
    case playbackAborted
    /// Reached the end of the media.
    case playbackCompleted
    /// The program at the playhead changed (start, natural progression or navigation).
    case programChanged(Program?)
    /// A new entitlement arrived.
    case entitlementResponse(PlaybackEntitlement)
    /// The playing bitrate changed, bits/s.
    case bitrateChanged(Int)
    /// The buffer ran dry.
    case bufferingStarted
    /// Buffering is over.
    case bufferingStopped
    /// The duration changed, ms (nil: live).
    case durationChanged(Int64?)
    /// The EXT-X-DATERANGE metadata at the playhead changed (filtered by `metadataIdentifiers`).
    case dateRangeMetadataChanged([DateRangeMetadata])
    /// The playhead reached an ID3 tag the stream's segments carry (`PRIV`, `TXXX`, … frames).
    case timedID3Metadata([ID3Frame])
    /// Whether the stream is audio or video, on every new entitlement.
    case mediaType(MediaType)
    /// A seek landed at this position, ms.
    case playbackScrubbed(Int64)
    /// SSAI playback started: content, ads and total duration (ms) and the ad breaks.
    case playbackStartedWithAds(vodDurationMs: Int64, adDurationMs: Int64, totalDurationMs: Int64, adMarkers: [AdMarker])
    /// An ad clip starts playing.
    case willPresentInterstitial(Interstitial)
    /// The ad clip ended; the policy is back to content.
    case didPresentInterstitial(ContractRestrictionsPolicy)
    /// The playback has server-side ads: the entitlement's `ads` (the official `onServerSideAd`).
    case serverSideAd(Ads?)
    /// An ad clip starts: its start and end positions, ms.
    case clipStarted(startMs: Int64, endMs: Int64)
    /// An ad clip ended: its start and end positions, ms.
    case clipEnded(startMs: Int64, endMs: Int64)
    /// The app should seek to this position (ms): to an unwatched break the user seeked over,
    /// past a watched one, or back to where the user was headed once the break is watched.
    case serverSideAdShouldSkip(skipTimeMs: Int64)
    /// Something went wrong but playback continues (or a command was refused).
    case warning(PlayerWarning)
    /// Playback stopped because of an error.
    case error(PlayerError)
}

/// Audio-only or video.
public enum MediaType: String, Sendable, Equatable {
    /// No picture.
    case audio
    /// Picture (and sound).
    case video
}

/// What is being played: passed to listeners as the seed's `source`.
public struct PlaybackSource: Sendable {
    /// The playable's asset.
    public var assetId: String
    /// The entitlement playback runs under.
    public var entitlement: PlaybackEntitlement
    /// How the stream is treated.
    public var streamKind: StreamKind
    /// The master playlist.
    public var mediaLocator: String
    /// Thumbnail tracks for scrubbing.
    public var sprites: [Sprite] { entitlement.sprites ?? [] }
    /// What the user may do.
    public var contractRestrictions: ContractRestrictions { entitlement.contractRestrictions ?? ContractRestrictions() }
}
