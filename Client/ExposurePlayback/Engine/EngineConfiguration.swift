import Foundation

/// How an engine plays one stream.
public struct EngineConfiguration: Sendable, Equatable {
    /// Where playback should start.
    public enum Start: Sendable, Equatable {
        /// Live edge for live streams, the beginning otherwise.
        case defaultPosition
        /// A position, ms; outside the seekable range → `invalidStartTime` and the default.
        case position(Int64)
        /// A wall-clock time, ms since 1970; outside the seekable range → `invalidStartTime` and the default.
        case time(Int64)
    }

    /// The master playlist.
    public var masterURL: URL
    /// Where to start.
    public var start: Start
    /// Start playing as soon as ready.
    public var autoplay: Bool
    /// Bitrate cap in bits/s (the lower of the app's and the contract's).
    public var maxBitrate: Int?
    /// Prefer the audio-only variant (the entitlement said `audioOnly`).
    public var audioOnly: Bool
    /// DATERANGE client attributes to report; all when empty.
    public var metadataIdentifiers: [String]
    /// How far ahead of the playhead to fetch, ms.
    public var bufferTargetMs: Int64
    /// How much must be buffered to leave buffering (or to become ready), ms.
    public var resumeThresholdMs: Int64
    /// How far behind the newest segment's end live playback starts, ms; nil: three target durations.
    public var liveDelayMs: Int64?
    /// How many times a segment is tried (the second failure of a variant's segment also fails
    /// over to the nearest other variant) before it is skipped.
    public var segmentAttempts: Int
    /// How long a failed variant is avoided before ABR may choose it again, ms.
    public var failoverPenaltyMs: Int64
    /// How long a live playlist may come back unchanged before playback fails, ms.
    public var stalePlaylistLimitMs: Int64
    /// The play session, sent with every playlist and segment request as `X-Playback-Session-Id`.
    public var playSessionId: String?

    /// A configuration; defaults buffer 30 s ahead and resume after 4 s.
    public init(
        masterURL: URL, start: Start = .defaultPosition, autoplay: Bool = true, maxBitrate: Int? = nil,
        audioOnly: Bool = false, metadataIdentifiers: [String] = [], bufferTargetMs: Int64 = 30_000,
        resumeThresholdMs: Int64 = 4_000, liveDelayMs: Int64? = nil, segmentAttempts: Int = 3, failoverPenaltyMs: Int64 = 30_000,
        stalePlaylistLimitMs: Int64 = 30_000, playSessionId: String? = nil
    ) {
        self.masterURL = masterURL
        self.start = start
        self.autoplay = autoplay
        self.maxBitrate = maxBitrate
        self.audioOnly = audioOnly
        self.metadataIdentifiers = metadataIdentifiers
        self.bufferTargetMs = bufferTargetMs
        self.resumeThresholdMs = resumeThresholdMs
        self.liveDelayMs = liveDelayMs
        self.segmentAttempts = segmentAttempts
        self.failoverPenaltyMs = failoverPenaltyMs
        self.stalePlaylistLimitMs = stalePlaylistLimitMs
        self.playSessionId = playSessionId
    }
}
