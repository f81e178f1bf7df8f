import Clocks
import Foundation

/// How an engine plays one stream.
package struct EngineConfiguration: Sendable, Equatable {
    /// Where playback should start.
    package enum Start: Sendable, Equatable {
        /// Live edge for live streams, the beginning otherwise.
        case defaultPosition
        /// A position in the stream's own time reference; outside the seekable range →
        /// `invalidStartTime` and the default.
        case position(Duration)
        /// A wall-clock time; outside the seekable range → `invalidStartTime` and the default.
        case time(WallTime)
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
    /// How far ahead of the playhead to fetch.
    package var bufferTarget: Duration
    /// How much must be buffered to leave buffering (or to become ready).
    package var resumeThreshold: Duration
    /// How far behind the newest segment's end live playback starts; nil: three target durations.
    package var liveDelay: Duration?
    /// How many times a segment is tried (the second failure of a variant's segment also fails
    /// over to the nearest other variant) before it is skipped.
    package var segmentAttempts: Int
    /// How long a failed variant is avoided before ABR may choose it again.
    package var failoverPenalty: Duration
    /// How long a live playlist may come back unchanged before playback fails.
    package var stalePlaylistLimit: Duration
    /// The play session, sent with every playlist and segment request as `X-Playback-Session-Id`.
    package var playSessionId: String?

    /// A configuration; defaults buffer 30 s ahead and resume after 4 s.
    package init(
        masterURL: URL, start: Start = .defaultPosition, autoplay: Bool = true, maxBitrate: Int? = nil,
        audioOnly: Bool = false, metadataIdentifiers: [String] = [], bufferTarget: Duration = .seconds(30),
        resumeThreshold: Duration = .seconds(4), liveDelay: Duration? = nil, segmentAttempts: Int = 3,
        failoverPenalty: Duration = .seconds(30), stalePlaylistLimit: Duration = .seconds(30), playSessionId: String? = nil
    ) {
        self.masterURL = masterURL
        self.start = start
        self.autoplay = autoplay
        self.maxBitrate = maxBitrate
        self.audioOnly = audioOnly
        self.metadataIdentifiers = metadataIdentifiers
        self.bufferTarget = bufferTarget
        self.resumeThreshold = resumeThreshold
        self.liveDelay = liveDelay
        self.segmentAttempts = segmentAttempts
        self.failoverPenalty = failoverPenalty
        self.stalePlaylistLimit = stalePlaylistLimit
        self.playSessionId = playSessionId
    }
}
