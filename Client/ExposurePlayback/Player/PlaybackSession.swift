import Clocks
import Exposure
import ExposureAnalytics
import Foundation
import HLS
import Synchronization

/// One playback: entitlement, engine, program service and tracks, from `startPlayback` to
/// completed, aborted or error — exactly one of the three, always last. It observes the tech
/// from inside the tech's loop, so every event is delivered in order and program checks happen
/// while time stands still. It owns its core and tech; the ``Player`` owns it.
final class PlaybackSession: TechObserver {
    private struct State {
        var source: PlaybackSource?
        var programs: ProgramService?
        var ads: AdTracker?
        var analytics: PlaybackAnalytics?
        /// Offline playbacks' analytics, sent because this playback found the backend online.
        var offlineFlush: Task<Void, Never>?
        var tracks = TrackSelection(audio: nil, text: nil)
        var stopRequested = false
        var ended = false
    }

    let core: PlaybackCore
    let request: PlaybackRequest
    let tech: HLSTech
    /// Ad tracking and click beacons of this playback.
    let beacons: BeaconDispatcher
    private let state = Mutex(State())

    init(core: PlaybackCore, request: PlaybackRequest) {
        self.core = core
        self.request = request
        let download = request.playable as? OfflineMediaPlayable
        tech = HLSTech(
            transport: core.dependencies.streamTransport, clock: core.dependencies.clock,
            offlineKeys: download.flatMap { download in download.keySource.map { ($0, download.assetId) } })
        beacons = BeaconDispatcher(transport: core.dependencies.apiTransport)
    }

    var source: PlaybackSource? { state.withLock { $0.source } }
    var programs: ProgramService? { state.withLock { $0.programs } }
    var tracks: TrackSelection { state.withLock { $0.tracks } }
    var isPresentingAd: Bool { state.withLock { $0.ads?.presenting != nil } }
    var status: TechStatus { tech.status }

    /// Plays `tracks` from now on: the engine fetches the new renditions from the playhead.
    func setTracks(_ tracks: TrackSelection) {
        state.withLock { $0.tracks = tracks }
        tech.perform(.selectTracks(audio: tracks.audio, text: tracks.text))
    }

    /// Stops the playback; `playbackAborted` follows from the loop (at once when it has not
    /// begun, or after the request in flight).
    func stop() {
        state.withLock { $0.stopRequested = true }
        tech.perform(.stop)
    }

    /// Plays, lets the last ad beacons and analytics (its own, and offline playbacks' it found the
    /// network for) go out (retries of failed tries bounded, see `PlaySessionReporter.finish`), then
    /// tells the hub this playback is over.
    func run() async {
        await play()
        await beacons.drain()
        await state.withLock { $0.analytics }?.reporter.finish()
        await state.withLock { $0.offlineFlush }?.value
        core.hub.playbackEnded()
    }

    private var stopRequested: Bool { state.withLock { $0.stopRequested } }

    private func play() async {
        if stopRequested { return end(with: .playbackAborted) }
        let dependencies = core.dependencies
        let entitlements = core.entitlements
        let epg = FetchEpg(environment: core.environment, transport: dependencies.apiTransport)
        let assetId: String
        let entitlement: PlaybackEntitlement
        do {
            (assetId, entitlement) = try await request.entitle(with: entitlements, epg: epg, device: dependencies.device)
        } catch {
            return end(with: stopRequested ? .playbackAborted : .error(.exposure(error)))
        }
        let streamInfo = entitlement.streamInfo ?? StreamInfo(static: true)
        let source = PlaybackSource(
            assetId: request.playable.assetId, entitlement: entitlement, streamKind: streamInfo.kind,
            mediaLocator: entitlement.playableFormat?.mediaLocator ?? "")
        // The entitlement opened a play session on the backend that only a terminal event closes,
        // so reporting starts before anything else can end this playback. A bare stream has none.
        if !(request.playable is URLPlayable) {
            let analytics = await PlaybackAnalytics.begin(source: source, core: core, request: request)
            state.withLock { $0.analytics = analytics }
        }
        // An answer from the backend means the device is online: offline playbacks' events can go.
        if !request.isOffline, !(request.playable is URLPlayable) {
            let flush = Task { [analytics = core.analytics] in _ = await analytics.flushOfflineAnalytics() }
            state.withLock { $0.offlineFlush = flush }
        }
        if stopRequested { return end(with: .playbackAborted) }
        if request.isOffline, entitlement.offlineLicenseExpiry <= dependencies.clock.now {
            return end(with: .error(.licenseExpired(expiredAtMs: entitlement.offlineLicenseExpiry.millisecondsSince1970)))
        }
        guard let format = entitlement.playableFormat, let masterURL = URL(string: format.mediaLocator) else {
            return end(with: .error(.noPlayableFormat))
        }
        var programs: ProgramService?
        if entitlement.epg?.enabled == true, let channelId = streamInfo.channelId {
            programs = ProgramService(
                channelId: channelId, assetId: assetId, entitlementCheck: entitlement.epg?.entitlementCheck == true,
                epg: epg, entitlement: entitlements)
        }
        state.withLock {
            $0.source = source
            $0.programs = programs
            $0.ads = AdTimeline(entitlement).map(AdTracker.init)
        }
        let audioOnly = entitlement.audioOnly == true || format.format.uppercased() == "MP3"
        // A bare stream has no entitlement to report, a download was entitled when it was made.
        if !(request.playable is URLPlayable), !request.isOffline { publish(.entitlementResponse(entitlement)) }
        if state.withLock({ $0.ads != nil }) { publish(.serverSideAd(entitlement.ads)) }
        publish(.mediaType(audioOnly ? .audio : .video))
        publish(.playbackCreated)
        if let programs, let warning = await programs.ensureLoaded(around: dependencies.clock.now) {
            publish(.warning(warning))
        }
        let start = StartPosition.resolve(
            request.properties.playFrom, kind: source.streamKind, entitlement: entitlement,
            programAtStart: programs?.program(at: dependencies.clock.now))
        let caps = [request.properties.maxBitrate.map { Int(clamping: $0) }, entitlement.contractRestrictions?.maxBitrate].compactMap { $0 }
            .filter { $0 > 0 }
        let configuration = EngineConfiguration(
            masterURL: masterURL, start: start, autoplay: request.properties.autoplay, maxBitrate: caps.min(),
            audioOnly: audioOnly, metadataIdentifiers: request.metadataIdentifiers,
            bufferTarget: dependencies.bufferTarget.roundedDownToMilliseconds,
            resumeThreshold: dependencies.resumeThreshold.roundedDownToMilliseconds,
            liveDelay: format.liveDelay.map { .milliseconds($0) },
            stalePlaylistLimit: dependencies.stalePlaylistLimit.roundedDownToMilliseconds, playSessionId: entitlement.playSessionId)
        if stopRequested { return end(with: .playbackAborted) }
        await tech.run(configuration, observer: self)
        if tech.status.phase == .stopped { end(with: .playbackAborted) }
    }

    /// Publishes the playback's final event, once.
    private func end(with event: PlayerEvent) {
        let first = state.withLock { state in
            defer { state.ended = true }
            return !state.ended
        }
        if first { publish(event) }
    }

    func publish(_ event: PlayerEvent) {
        core.hub.publish(event, source: source)
        state.withLock { $0.analytics }?.report(event, status: tech.status)
    }

    // MARK: TechObserver

    func tech(didEmit event: EngineEvent, status: TechStatus) async {
        switch event {
        case .prepared:
            state.withLock { $0.ads?.begin(at: status.playhead) }
            chooseTracks(renditions: status.renditions)
            publish(.playbackPrepared)
        case .ready: publish(.playbackReady)
        case .started:
            publish(.playbackStarted)
            if let start = state.withLock({ $0.ads?.startEvent }) { publish(start) }
        case .paused: publish(.playbackPaused)
        case .resumed: publish(.playbackResumed)
        case .bufferingStarted: publish(.bufferingStarted)
        case .bufferingStopped: publish(.bufferingStopped)
        case .bitrateChanged(let bitrate): publish(.bitrateChanged(bitrate))
        case .durationChanged(let duration): publish(.durationChanged(duration?.wholeMilliseconds))
        case .dateRangeMetadataChanged(let metadata): publish(.dateRangeMetadataChanged(metadata))
        case .timedID3Metadata(let frames): publish(.timedID3Metadata(frames))
        case .seeked(let position):
            publish(.playbackScrubbed(position.wholeMilliseconds))
            apply(state.withLock { $0.ads?.seeked(to: position) })
        case .invalidStartTime(let target):
            let (requested, range) = target.inMilliseconds
            publish(.warning(.invalidStartTime(startTime: requested, seekableRange: range)))
        case .seekOutsideRange(let target):
            let (requested, range) = target.inMilliseconds
            publish(.warning(.seekOutsideRange(requested: requested, seekableRange: range)))
        case .warning(let warning): publish(.warning(.stream(warning)))
        case .completed: end(with: .playbackCompleted)
        case .failed(let reason): end(with: .error(request.isOffline ? .offlineMedia(reason: reason) : .playback(reason: reason)))
        case .keyRefused(let message, let time): end(with: .error(keyRefusal(message, at: time)))
        }
    }

    /// A refused key as the app sees it: `NOT_ENTITLED` as at a program boundary (naming the
    /// program the key's period lies in), a download's key refused for its license as
    /// `licenseExpired`, anything else as the Exposure error it is.
    private func keyRefusal(_ message: ExposureErrorMessage, at time: WallTime?) -> PlayerError {
        if request.isOffline, message.message == "LICENSE_EXPIRED", let entitlement = source?.entitlement {
            // The key source knows the license ran out even when the entitlement the app holds says otherwise.
            return .licenseExpired(expiredAtMs: min(entitlement.offlineLicenseExpiry, core.dependencies.clock.now).millisecondsSince1970)
        }
        guard message.message == "NOT_ENTITLED" else { return .exposure(.exposureResponse(reason: message)) }
        return .notEntitled(
            status: message.message, programId: time.flatMap { programs?.program(at: $0)?.programId })
    }

    func techDidAdvance(status: TechStatus) async {
        state.withLock { $0.analytics }?.reporter.catchUp()
        if status.phase != .loading { apply(state.withLock { $0.ads?.follow(to: status.playhead) }) }
        guard let programs, let time = status.playheadTime, status.phase != .loading else { return }
        let update = await programs.follow(playheadTime: time)
        update.events.forEach(publish)
        if let error = update.stop {
            end(with: .error(error))
            tech.perform(.stop)
        }
    }

    func nextBoundaryPosition(after playhead: Duration) -> Duration? {
        state.withLock { $0.ads?.nextBoundary(after: playhead) }
    }

    private func apply(_ update: AdTracker.Update?) {
        guard let update else { return }
        beacons.fire(update.beacons)
        update.events.forEach(publish)
    }

    /// A seek into another program is checked first, as the official SDK does; the program
    /// service then does not check the same program again when the playhead lands.
    func techShouldSeek(to time: WallTime) async -> Bool {
        guard let programs, let verdict = await programs.checkBeforeSeek(to: time) else { return true }
        verdict.events.forEach(publish)
        guard let error = verdict.stop else { return true }
        end(with: .error(error))
        tech.perform(.stop)
        return false
    }

    func nextWake() -> WallTime? {
        state.withLock { $0.analytics }?.reporter.nextWake
    }

    func nextBoundaryTime(after playheadTime: WallTime) -> WallTime? {
        programs?.nextBoundary(after: playheadTime)
    }

    private func chooseTracks(renditions: [Rendition]) {
        let dependencies = core.dependencies
        let tracks = TrackSelection.choose(
            request.properties.language, renditions: renditions, stored: dependencies.languageStore.load(),
            deviceLanguage: dependencies.deviceLanguage)
        setTracks(tracks)
    }
}
