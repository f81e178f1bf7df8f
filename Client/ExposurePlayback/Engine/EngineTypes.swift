import Clocks
import ExposureModels
import Foundation
import HLS

/// What the engine asks its I/O shell to fetch.
package struct EngineFetch: Sendable, Hashable {
    /// Which playlist or segment, so the answer can be routed back.
    package enum Kind: Sendable, Hashable {
        /// The master playlist.
        case master
        /// The media playlist of variant `index` (into the engine's sorted variants).
        case mediaPlaylist(variant: Int)
        /// Segment `sequence` of variant `variant`.
        case segment(sequence: Int, variant: Int)
        /// The media playlist of the selected alternate rendition of `type` (audio or subtitles).
        case renditionPlaylist(type: Rendition.MediaType)
        /// Segment `sequence` of the selected alternate rendition of `type`.
        case renditionSegment(sequence: Int, type: Rendition.MediaType)
        /// The AES-128 key of the next segment to fetch (`EXT-X-KEY`'s URI): 16 bytes.
        case key
    }

    /// Distinguishes this fetch from earlier ones (a seek makes older answers stale).
    package var id: Int
    /// What is fetched.
    package var kind: Kind
    /// Where from.
    package var url: URL
}

/// An input to the engine: time passing, a fetch's outcome, or a command.
package enum EngineInput: Sendable {
    /// The clock reads `now`.
    case tick(now: WallTime)
    /// A fetch finished; `elapsed` is the (real or modelled) transfer time.
    case fetched(id: Int, body: Data, elapsed: Duration)
    /// A fetch failed (no response, or a non-2xx status).
    case fetchFailed(id: Int, reason: String)
    /// The server answered the fetch with the non-2xx `status` and `body` (an error body).
    /// A refused key ends playback with the server's message; for anything else this is
    /// ``fetchFailed(id:reason:)``.
    case fetchRefused(id: Int, status: Int, body: Data)
    /// A user command.
    case command(EngineCommand)
    /// The license of the key just fetched (a download's) runs out at `end` on the engine's
    /// clock: playback ends then as if the key server had refused the key with `LICENSE_EXPIRED`
    /// — at once when `end` is not after the engine's last tick.
    case licenseEnds(at: WallTime)
}

/// Commands the engine accepts.
package enum EngineCommand: Sendable, Hashable {
    /// Start or resume.
    case play
    /// Hold the playhead (live keeps moving away: timeshift).
    case pause
    /// Jump to a position in the stream's own time reference.
    case seekToPosition(Duration)
    /// Jump to a wall-clock time (streams with PROGRAM-DATE-TIME).
    case seekToTime(WallTime)
    /// Jump to the live edge.
    case seekToLive
    /// Play these languages from the EXT-X-MEDIA renditions: audio (nil: the stream's default)
    /// and subtitles (nil: none). A change refetches that rendition from the playhead.
    case selectTracks(audio: String?, text: String?)
    /// Cap the variant's bandwidth at this many bits/s (nil: none; the Player folds the
    /// contract's cap in); the next segment comes from the variant the new cap allows.
    case limitBitrate(Int?)
    /// Stop for good; the engine fetches nothing more.
    case stop
}

/// What the engine tells the world. The Player turns these into its public events.
package enum EngineEvent: Sendable, Equatable {
    /// Master and first media playlist loaded: duration and ranges are known.
    case prepared
    /// Enough is buffered at the start position to play.
    case ready
    /// Playback started for the first time.
    case started
    /// Paused by command.
    case paused
    /// Resumed by command.
    case resumed
    /// The buffer ran dry.
    case bufferingStarted
    /// Enough is buffered again.
    case bufferingStopped
    /// The playing variant changed to `bitrate` bits/s.
    case bitrateChanged(bitrate: Int)
    /// The duration changed (nil for live).
    case durationChanged(duration: Duration?)
    /// The active DATERANGE tags at the playhead changed (already filtered).
    case dateRangeMetadataChanged([DateRangeMetadata])
    /// The playhead reached an ID3 tag the variant's segments carry: its frames.
    case timedID3Metadata([ID3Frame])
    /// A seek landed at `position`.
    case seeked(position: Duration)
    /// The requested start was outside the seekable range; the default start was used.
    case invalidStartTime(OutOfRangeTarget)
    /// A seek target was outside the seekable range; the seek landed at the nearest edge.
    case seekOutsideRange(OutOfRangeTarget)
    /// The end of a VOD or ended event was reached.
    case completed
    /// Trouble in the stream that playback rode out (a failover, a skip, a stale playlist).
    case warning(StreamWarning)
    /// Playback cannot continue.
    case failed(reason: String)
    /// The key server refused the key of the segment that plays at `programDateTime` (when
    /// the stream dates its segments) with `message`, its Exposure error (`NOT_ENTITLED`,
    /// `LICENSE_EXPIRED`, `INVALID_TOKEN`, …): playback cannot continue.
    case keyRefused(ExposureErrorMessage, programDateTime: WallTime?)
}

/// What the shell should do next.
package enum EngineStep: Sendable, Equatable {
    /// Perform this fetch, then report it with `.fetched` or `.fetchFailed`.
    case fetch(EngineFetch)
    /// Nothing to do until the clock reads this (nil: until a command arrives).
    case wait(until: WallTime?)
    /// Playback is over (completed, stopped or failed).
    case finished
}
