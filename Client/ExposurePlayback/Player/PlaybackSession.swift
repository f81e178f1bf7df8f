import Exposure
import Foundation
import HLS
import Synchronization

/// One playback: entitlement, engine, program service and tracks, from `startPlayback` to
/// completed, aborted or error. It observes the tech from inside the tech's loop, so every
/// event is delivered in order and program checks happen while time stands still.
final class PlaybackSession: TechObserver {
    private struct State {
        var source: PlaybackSource?
        var programs: ProgramService?
        var tracks = TrackSelection(audio: nil, text: nil)
        var stopRequested = false
        var ended = false
    }

    unowned let player: Player
    let request: PlaybackRequest
    let tech: HLSTech
    private let state = Mutex(State())

    init(player: Player, request: PlaybackRequest) {
        self.player = player
        self.request = request
        tech = HLSTech(transport: player.dependencies.streamTransport, clock: player.dependencies.clock)
    }

    var source: PlaybackSource? { state.withLock { $0.source } }
    var programs: ProgramService? { state.withLock { $0.programs } }
    var tracks: TrackSelection { state.withLock { $0.tracks } }

    func setTracks(_ tracks: TrackSelection) { state.withLock { $0.tracks = tracks } }

    /// Stops the playback; `playbackAborted` follows from the loop.
    func stop() {
        state.withLock { $0.stopRequested = true }
        tech.perform(.stop)
    }

    func run() async {
        let dependencies = player.dependencies
        let entitlements = Entitlement(environment: player.environment, sessionToken: player.sessionToken, transport: dependencies.apiTransport)
        let entitlement: PlaybackEntitlement
        do {
            entitlement = try await entitlements.play(
                assetId: request.playable.assetId, materialProfile: request.materialProfile, adsOptions: request.adsOptions,
                customAdParams: request.customAdParams
            ).request()
        } catch {
            return finish(with: .exposure(error), source: nil)
        }
        guard let format = entitlement.playableFormat, let masterURL = URL(string: format.mediaLocator) else {
            return finish(with: .noPlayableFormat, source: nil)
        }
        let streamInfo = entitlement.streamInfo ?? StreamInfo(static: true)
        let source = PlaybackSource(
            assetId: request.playable.assetId, entitlement: entitlement, streamKind: streamInfo.kind, mediaLocator: format.mediaLocator)
        var programs: ProgramService?
        if entitlement.epg?.enabled == true, let channelId = streamInfo.channelId {
            programs = ProgramService(
                channelId: channelId, assetId: request.playable.assetId, entitlementCheck: entitlement.epg?.entitlementCheck == true,
                epg: FetchEpg(environment: player.environment, transport: dependencies.apiTransport), entitlement: entitlements)
        }
        state.withLock {
            $0.source = source
            $0.programs = programs
        }
        let audioOnly = entitlement.audioOnly == true || format.format.uppercased() == "MP3"
        publish(.entitlementResponse(entitlement))
        publish(.mediaType(audioOnly ? .audio : .video))
        publish(.playbackCreated)
        if let programs, let warning = await programs.ensureLoaded(around: dependencies.clock.nowMs) {
            publish(.warning(warning))
        }
        let start = StartPosition.resolve(
            request.properties.playFrom, kind: source.streamKind, entitlement: entitlement,
            programAtStart: programs?.program(atMs: dependencies.clock.nowMs))
        let caps = [request.properties.maxBitrate, entitlement.contractRestrictions?.maxBitrate].compactMap { $0 }.filter { $0 > 0 }
        let configuration = EngineConfiguration(
            masterURL: masterURL, start: start, autoplay: request.properties.autoplay, maxBitrate: caps.min(),
            audioOnly: audioOnly, metadataIdentifiers: request.metadataIdentifiers, bufferTargetMs: dependencies.bufferTargetMs,
            resumeThresholdMs: dependencies.resumeThresholdMs, liveDelayMs: format.liveDelay)
        if state.withLock({ $0.stopRequested }) { return publish(.playbackAborted) }
        await tech.run(configuration, observer: self)
        if tech.status.phase == .stopped && !state.withLock({ $0.ended }) { publish(.playbackAborted) }
    }

    private func finish(with error: PlayerError, source: PlaybackSource?) {
        state.withLock { $0.ended = true }
        player.publish(.error(error), source: source)
    }

    private func publish(_ event: PlayerEvent) {
        player.publish(event, source: source)
    }

    // MARK: TechObserver

    func tech(didEmit event: EngineEvent, status: TechStatus) async {
        switch event {
        case .prepared:
            chooseTracks(renditions: status.renditions)
            publish(.playbackPrepared)
        case .ready: publish(.playbackReady)
        case .started: publish(.playbackStarted)
        case .paused: publish(.playbackPaused)
        case .resumed: publish(.playbackResumed)
        case .bufferingStarted: publish(.bufferingStarted)
        case .bufferingStopped: publish(.bufferingStopped)
        case .bitrateChanged(let bitrate): publish(.bitrateChanged(bitrate))
        case .durationChanged(let duration): publish(.durationChanged(duration))
        case .dateRangeMetadataChanged(let metadata): publish(.dateRangeMetadataChanged(metadata))
        case .seeked(let position): publish(.playbackScrubbed(position))
        case .invalidStartTime(let requested, let range): publish(.warning(.invalidStartTime(startTime: requested, seekableRange: range)))
        case .seekClamped: break
        case .completed:
            state.withLock { $0.ended = true }
            publish(.playbackCompleted)
        case .failed(let reason): finish(with: .playback(reason: reason), source: source)
        }
    }

    func techDidAdvance(status: TechStatus) async {
        guard let programs, let time = status.playheadTimeMs, status.phase != .loading else { return }
        let update = await programs.follow(playheadTimeMs: time)
        update.events.forEach(publish)
        if let error = update.stop {
            finish(with: error, source: source)
            tech.perform(.stop)
        }
    }

    func nextBoundaryTimeMs(after playheadTimeMs: Int64) -> Int64? {
        programs?.nextBoundary(after: playheadTimeMs)
    }

    private func chooseTracks(renditions: [Rendition]) {
        let dependencies = player.dependencies
        let tracks = TrackSelection.choose(
            request.properties.language, renditions: renditions, stored: dependencies.languageStore.load(),
            deviceLanguage: dependencies.deviceLanguage)
        setTracks(tracks)
    }
}
