import Foundation

/// How an engine plays one stream.
package struct EngineConfiguration: Sendable, Equatable {
    /// Where playback should start.
    package enum Start: Sendable, Equatable {
        /// Live edge for live streams, the beginning otherwise.
        case defaultPosition
        /// A position, ms; outside the seekable range → `invalidStartTime` and the default.
        case position(Int64)
        /// A wall-clock time, ms since 1970; outside the seekable range → `invalidStartTime` and the default.
        case time(Int64)
    }

    /// The master playlist.
    package var masterURL: URL
    /// Where to start.
    package var start: Start
    /// Start playing as soon as ready.
    package var autoplay: Bool
    /// Bitrate cap in bits/s (the lower of the app's and the contract's).
    package var maxBitrate: Int?
    /// Prefer the audio-only variant (the entitlement said `audioOnly`).
    package var audioOnly: Bool
    /// DATERANGE client attributes to report; all when empty.
    package var metadataIdentifiers: [String]
    /// How far ahead of the playhead to fetch, ms.
    package var bufferTargetMs: Int64
    /// How much must be buffered to leave buffering (or to become ready), ms.
    package var resumeThresholdMs: Int64
    /// How far behind the newest segment's end live playback starts, ms; nil: three target durations.
    package var liveDelayMs: Int64?
    /// How many times a segment is tried (the second failure of a variant's segment also fails
    /// over to the nearest other variant) before it is skipped.
    package var segmentAttempts: Int
    /// How long a failed variant is avoided before ABR may choose it again, ms.
    package var failoverPenaltyMs: Int64
    /// How long a live playlist may come back unchanged before playback fails, ms.
    package var stalePlaylistLimitMs: Int64
    /// The play session, sent with every playlist and segment request as `X-Playback-Session-Id`.
    package var playSessionId: String?

    /// A configuration; defaults buffer 30 s ahead and resume after 4 s.
    package init(
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
