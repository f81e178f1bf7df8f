import Clocks
import Foundation
import HLS

/// The headless HLS player's decisions, as a value: inputs in (clock ticks, fetch results,
/// commands), events out, and ``nextStep()`` saying what to fetch or how long to wait.
///
/// It performs no I/O and reads no clock, so the tricky cases (a seek while a fetch is in
/// flight, a stall, a playlist that stops growing) are plain unit tests; ``HLSTech`` is the
/// shell that runs it against a transport and a clock.
package struct HLSEngine: Sendable {
    /// Where in its life playback is.
    package enum Phase: Sendable, Equatable {
        /// Loading playlists and the first segments.
        case loading
        /// Ready to play, waiting for `play` (no autoplay).
        case ready
        /// The playhead moves.
        case playing
        /// Paused by command.
        case paused
        /// Waiting for the buffer to refill.
        case buffering
        /// Reached the end.
        case ended
        /// Stopped by command.
        case stopped
        /// Could not continue.
        case failed
    }

    /// How this engine plays.
    package let configuration: EngineConfiguration
    /// Where in its life playback is.
    package var phase: Phase { lifecycle.phase }
    var lifecycle: EngineLifecycle

    var master: MasterPlaylist?
    /// The audio and subtitle renditions the master offers (the status reports them each step:
    /// taken from the master's entries once).
    package internal(set) var renditions: [Rendition] = []
    var selector: BitrateSelector?
    /// The media playlist URL of each of the selector's variants, resolved once (nil: no usable URI).
    var variantPlaylistURLs: [URL?] = []
    /// The variant whose playlist is in ``timeline``.
    package var variantIndex: Int?
    /// A variant whose playlist must be loaded before the next segment.
    var wantedVariant: Int?
    package var timeline = SegmentTimeline()
    /// Recent copies of the playlists of the variants below the playing one and of the next one
    /// up, so that a switch is a delta update (see `HLSEngine+Standby`).
    var standby: [Int: SegmentTimeline] = [:]
    /// The size of the playing variant's last full playlist, bytes.
    var fullPlaylistBytes: Int?
    var metadata: MetadataTracker
    /// The ID3 tags of fetched segments, reported as the playhead reaches them.
    var id3Cues = TimedID3Cues()

    /// The playhead, in the stream's own time reference.
    package var playhead: Duration = .zero
    /// Where the buffer around the playhead starts.
    var bufferStart: Duration = .zero
    /// Where the variant's fetched segments end; ``bufferEnd`` also counts the renditions.
    var variantBufferEnd: Duration = .zero
    /// The next segment of the variant to fetch.
    var nextSequence: Int?
    /// Alternate audio and subtitle renditions playing alongside the variant.
    package var tracks: [RenditionTrack] = []
    /// The languages asked for: audio (nil: the stream's default) and subtitles (nil: none).
    var selection = TrackSelection(audio: nil, text: nil)
    /// The engine's clock at the last tick.
    var lastTick: WallTime?
    /// When the variant's live playlist is due for a reload.
    var nextReload: WallTime?
    var fetches = FetchLedger()
    /// The AES-128 keys fetched, by key URL.
    var keys = KeyRing()
    /// Key fetches failed since the last one that succeeded.
    var keyFailures = 0
    /// When a key whose fetch failed may be asked again; nil: whenever it is needed.
    package var keyRetryAt: WallTime?
    /// When the license of a downloaded package's keys runs out; nil: never (a stream's keys).
    var licenseEndsAt: WallTime?
    /// Failed attempts at segments not yet fetched or skipped.
    var segmentFailures: [SegmentSlot: Int] = [:]
    /// Playlist fetches failed since the last one that succeeded.
    var playlistFailures = 0
    /// Segments skipped after their retries since the last one fetched.
    var skipsInARow = 0
    /// When the variant's live playlist last grew; and since when it has come back unchanged.
    var playlistAdvancedAt: WallTime?
    var staleSince: WallTime?
    /// What was last reported, so nothing is reported twice.
    var reported = EngineReports()

    /// An engine about to load `configuration.masterURL`.
    package init(configuration: EngineConfiguration) {
        self.configuration = configuration
        lifecycle = .loading(playWhenReady: configuration.autoplay)
        metadata = MetadataTracker(identifiers: configuration.metadataIdentifiers)
    }

    /// Feeds one input and returns the events it caused, in order.
    package mutating func handle(_ input: EngineInput) -> [EngineEvent] {
        var events: [EngineEvent] = []
        switch input {
        case .tick(let now):
            // The playhead stops where a download's license runs out.
            advancePlayhead(to: min(now, licenseEndsAt ?? now), events: &events)
            endIfLicenseExpired(at: now, events: &events)
        case .fetched(let id, let body, let elapsed):
            guard let fetch = fetches.answer(id: id) else { return [] }
            receive(fetch, body: body, elapsed: elapsed, events: &events)
        case .fetchFailed(let id, let reason):
            guard let fetch = fetches.answer(id: id) else { return [] }
            recover(from: fetch, reason: reason, events: &events)
        case .fetchRefused(let id, let status, let body):
            guard let fetch = fetches.answer(id: id) else { return [] }
            if case .key = fetch.kind {
                refuseKey(fetch, status: status, body: body, events: &events)
            } else {
                recover(from: fetch, reason: "HTTP \(status)", events: &events)
            }
        case .command(let command):
            apply(command, events: &events)
        case .licenseEnds(let end):
            licenseEndsAt = end
            // A license already over when its key arrived ends playback now, not at the next tick.
            if let lastTick { endIfLicenseExpired(at: lastTick, events: &events) }
        }
        settle(events: &events)
        return events
    }

    /// Moves the playhead by the time since the last tick, as far as the buffer reaches.
    private mutating func advancePlayhead(to now: WallTime, events: inout [EngineEvent]) {
        defer { lastTick = max(lastTick ?? now, now) }
        guard let last = lastTick, now > last, lifecycle == .playing else { return }
        playhead += min(now - last, max(.zero, bufferEnd - playhead))
        guard playhead >= bufferEnd else { return }
        if allFetched {
            lifecycle = .ended
            events.append(.completed)
        } else {
            lifecycle = .buffering
            events.append(.bufferingStarted)
        }
    }

    /// Where the buffer ends: playback needs every active rendition, so the shortest one counts.
    package var bufferEnd: Duration {
        tracks.reduce(variantBufferEnd) { min($0, $1.bufferEnd) }
    }

    /// The engine's clock as of the last tick (1970 before the first one, when nothing has been
    /// fetched yet): when the input being handled arrived.
    var now: WallTime { lastTick ?? .epoch }

    /// Whether every segment up to ENDLIST is buffered, in the variant and every rendition.
    var allFetched: Bool {
        guard timeline.endList, tracks.allSatisfy(\.allFetched) else { return false }
        guard let nextSequence else { return true }
        return timeline.index(ofSequence: nextSequence) == nil
    }

    /// Transitions that depend on the buffer rather than on one input: ready, leaving
    /// buffering, and the metadata at the playhead.
    private mutating func settle(events: inout [EngineEvent]) {
        guard lifecycle.isStartPlaced, !lifecycle.isOver else { return }
        let enough = bufferEnd - playhead >= configuration.resumeThreshold || allFetched
        switch lifecycle {
        case .preparing(let playWhenReady) where enough:
            lifecycle = .ready
            events.append(.ready)
            if playWhenReady { startPlaying(events: &events) }
        case .buffering where enough:
            lifecycle = .playing
            events.append(.bufferingStopped)
        default: break
        }
        skipGaps(events: &events)
        updateMetadata(events: &events)
    }

    /// From ready to playing: the one start of this playback.
    mutating func startPlaying(events: inout [EngineEvent]) {
        lifecycle = .playing
        events.append(.started)
    }

    mutating func fail(_ reason: String, events: inout [EngineEvent]) {
        lifecycle = .failed(reason: reason)
        events.append(.failed(reason: reason))
    }

    private mutating func updateMetadata(events: inout [EngineEvent]) {
        for frames in id3Cues.due(at: playhead) { events.append(.timedID3Metadata(frames)) }
        guard let time = playheadTime, let active = metadata.change(at: time) else { return }
        events.append(.dateRangeMetadataChanged(active))
    }
}

/// What the engine last told the app about the stream.
struct EngineReports: Sendable {
    /// The playing variant's bandwidth, bits/s.
    var bitrate: Int?
    /// The duration (inner nil: live); nil until the first report.
    var duration: DurationReport?
}

/// A duration as reported to the app: nil for live.
struct DurationReport: Sendable, Equatable {
    let duration: Duration?
}
