import Clocks
import HLS

/// The playback engine behind a ``Player`` (the "tech"): ``HLSTech`` here; an AVFoundation
/// tech could plug in on Apple platforms.
///
/// A tech runs one playback at a time in ``run(_:observer:)`` and calls its observer from
/// inside that loop, waiting for each call to return: under a virtual clock time stands still
/// while the Player checks an entitlement at a program boundary.
package protocol PlaybackTech: AnyObject, Sendable {
    /// Plays until the stream completes, fails or is stopped.
    func run(_ configuration: EngineConfiguration, observer: any TechObserver) async
    /// Queues a command for the running playback; it is applied between two steps of the loop.
    func perform(_ command: EngineCommand)
    /// The latest state of the running (or last) playback.
    var status: TechStatus { get }
}

/// What a ``PlaybackTech`` reports to its owner, from inside its loop.
package protocol TechObserver: AnyObject, Sendable {
    /// An engine event, in order.
    func tech(didEmit event: EngineEvent, status: TechStatus) async
    /// Called after every step while playback is alive, so the owner can follow the playhead.
    func techDidAdvance(status: TechStatus) async
    /// The next playhead wall-clock time at which the owner wants ``techDidAdvance(status:)``,
    /// e.g. a program boundary; nil when none.
    func nextBoundaryTime(after playheadTime: WallTime) -> WallTime?
    /// The next playhead position at which the owner wants ``techDidAdvance(status:)``, e.g. an
    /// ad's quartile; nil when none.
    func nextBoundaryPosition(after playhead: Duration) -> Duration?
    /// The next instant of the playback clock at which the owner wants
    /// ``techDidAdvance(status:)`` while playing, e.g. an analytics heartbeat; nil when none.
    func nextWake() -> WallTime?
    /// Asked before a seek to wall-clock `time` is applied, from inside the loop (time stands
    /// still meanwhile): false drops the seek, e.g. when the entitlement check there says no.
    func techShouldSeek(to time: WallTime) async -> Bool
}

/// A snapshot of a tech's playback.
package struct TechStatus: Sendable, Equatable {
    /// Where in its life playback is.
    package var phase: HLSEngine.Phase = .loading
    /// The playhead, in the stream's time reference.
    package var playhead: Duration = .zero
    /// The playhead as wall-clock time, when the stream has PROGRAM-DATE-TIME.
    package var playheadTime: WallTime?
    /// Positions reachable without a new play request.
    package var seekableRange: ClosedRange<Duration> = .zero ... .zero
    /// The same as wall-clock times.
    package var seekableTimeRange: ClosedRange<WallTime>?
    /// Buffered positions.
    package var bufferedRange: ClosedRange<Duration> = .zero ... .zero
    /// The same as wall-clock times.
    package var bufferedTimeRange: ClosedRange<WallTime>?
    /// The duration; nil while live.
    package var duration: Duration?
    /// The playing variant's bandwidth, bits/s.
    package var bitrate: Int?
    /// Audio and subtitle renditions on offer.
    package var renditions: [Rendition] = []
    /// The variants the engine chooses from, lowest bandwidth first.
    package var variants: [VariantStream] = []
    /// DATERANGE metadata at the playhead.
    package var metadata: [DateRangeMetadata] = []
    /// Whether the stream is live.
    package var isLive = false

    /// An empty status (before loading).
    package init() {}

    init(_ engine: HLSEngine) {
        phase = engine.phase
        playhead = engine.playhead
        playheadTime = engine.playheadTime
        seekableRange = engine.seekableRange
        seekableTimeRange = engine.seekableTimeRange
        bufferedRange = engine.bufferedRange
        bufferedTimeRange = engine.bufferedTimeRange
        duration = engine.duration
        bitrate = engine.currentBitrate
        renditions = engine.renditions
        variants = engine.selector?.variants ?? []
        metadata = engine.currentMetadata
        isLive = engine.isLive
    }
}
