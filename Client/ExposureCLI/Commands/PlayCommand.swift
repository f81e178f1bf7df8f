import Clocks
import Exposure
import ExposureDownload
import ExposurePlayback
import Foundation
import Synchronization

/// `exposure play ASSET_ID`: plays an asset headlessly and prints the event timeline.
struct PlayCommand: CLICommand {
    static let name = "play"
    static let synopsis =
        "ASSET_ID [--from live|beginning|bookmark|POSITION_MS|ISO_TIME] [--seconds N] [--speed N] [--network 3g|lte|edge|wifi-flaky|FILE]"
    static let summary = "Play an asset headlessly and print its event timeline"
    static let optionHelp = [
        "--from WHERE   live/default, beginning, bookmark, a position in ms, or an ISO-8601 time",
        "--seconds N    stop N seconds of playback clock after playback started (default: until the end)",
        "--speed N      run the clock N times faster than real time (default 1; live stays at the live edge)",
        "--max-bitrate N  cap the bitrate, bits/s",
        "--json         one JSON object per event instead of the timeline",
        "--no-analytics send no analytics for this playback (they go to the EventSink by default)",
        "--offline      play the download of ASSET_ID from disk (`exposure download`), with no network",
        "--network N    have the mock shape this play session's segments: 3g, lte, edge, wifi-flaky or a trace FILE of 'seconds kbit/s' lines; a summary follows playback",
        "Ctrl-C (or SIGTERM) stops the playback and ends its play session, then exits 130 (143); a second Ctrl-C quits at once"
    ]
    static let valueOptions: Set<String> = ["from", "seconds", "speed", "max-bitrate", "network"]
    static let flagOptions: Set<String> = ["no-analytics", "offline"]

    let assetId: String
    let playFrom: PlaybackProperties.PlayFrom
    let seconds: Int?
    let speed: Double
    let maxBitrate: Int?
    let analytics: Bool
    let offline: Bool
    let network: MockNetworkShaping?

    init(_ arguments: ParsedArguments) throws {
        assetId = try arguments.positionals("ASSET_ID")[0]
        playFrom = try Self.playFrom(arguments.value("from"))
        seconds = try arguments.positiveInt("seconds")
        maxBitrate = try arguments.positiveInt("max-bitrate")
        analytics = !arguments.has("no-analytics")
        offline = arguments.has("offline")
        network = try arguments.value("network").map(MockNetworkShaping.init)
        if network != nil, offline { throw UsageError("--network shapes the mock's delivery; it cannot go with --offline") }
        let speedText = arguments.value("speed") ?? "1"
        guard let speed = Double(speedText), speed > 0, speed <= 10_000 else {
            throw UsageError("--speed must be a number above 0 and at most 10000, got '\(speedText)'")
        }
        self.speed = speed
    }

    private static func playFrom(_ text: String?) throws -> PlaybackProperties.PlayFrom {
        switch text {
        case nil, "live", "default": return .defaultBehavior
        case "beginning": return .beginning
        case "bookmark": return .bookmark
        case let text?:
            if let position = Int64(text), position >= 0 { return .customPosition(position: position) }
            if let time = ISO8601.milliseconds(from: text) { return .customTime(time: time) }
            throw UsageError("--from must be live, beginning, bookmark, a position in ms or an ISO-8601 time, got '\(text)'")
        }
    }

    func run(in context: CommandContext) async throws {
        let session = try context.requireSession()
        let clock = RealClock(speed: speed)
        let player = Player(
            environment: context.environment, sessionToken: session.sessionToken,
            dependencies: PlayerDependencies(
                apiTransport: context.transport, clock: clock, stalePlaylistLimit: .milliseconds(Int64(30_000 * speed)),
                analyticsOutbox: context.analyticsOutbox()))
        let started = clock.now
        let failure = Mutex<PlayerError?>(nil)
        // Events are sparse in steady playback: a timer enforces --seconds, counted from the start
        // of playback (not of the command, whose start-up a loaded machine may stretch), stopping once.
        let timer = Mutex<Task<Void, any Error>?>(nil)
        let summary = Mutex(PlaybackSummary())
        let shaping = Mutex<Task<String, any Error>?>(nil)
        player.onEvent {
            [speed, seconds, network, json = context.json, base = context.environment.baseUrl, transport = context.transport]
            player, _, event in
            summary.withLock { $0.record(event, at: clock.now) }
            if case .error(let error) = event { return failure.withLock { $0 = error } }
            if case .entitlementResponse(let entitlement) = event, let network {
                shaping.withLock {
                    $0 = Task {
                        do {
                            return try await network.apply(to: entitlement.playSessionId, base: base, transport: transport)
                        } catch {
                            player.stop()
                            throw error
                        }
                    }
                }
            }
            let line = PlayEventLine(
                event: event, elapsed: clock.now - started, positionMs: player.playheadPosition, timeMs: player.playheadTime)
            Console.out(json ? line.json : line.text)
            switch event {
            case .playbackStarted, .playbackStartedWithAds:
                guard let seconds else { break }
                let stop = clock.now + .seconds(seconds)
                timer.withLock { running in
                    running =
                        running
                        ?? Task {
                            try await clock.sleep(until: stop, tolerance: nil)
                            player.stop()
                        }
                }
            case .entitlementResponse(let entitlement) where speed > 1 && entitlement.streamInfo?.live == true:
                Console.err(
                    "exposure play: --speed \(speed) on a live stream: playback cannot outrun the live edge, so once the buffer is used up it buffers until each new segment exists"
                )
            case .serverSideAdShouldSkip(let skipTime):
                // The seed asks every app to honour SSAI skip requests (play an ad seeked over, pass a watched one).
                player.seek(toPosition: skipTime)
            default: break
            }
        }
        let properties = PlaybackProperties(playFrom: playFrom, maxBitrate: maxBitrate.map(Int64.init))
        let playable: any Playable = try await downloadedPlayable(in: context.downloadsFolder) ?? AssetPlayable(assetId: assetId)
        // SIGINT, SIGTERM or a closed output stop the playback as its end would: `playbackAborted`,
        // and its analytics delivered (or left in the outbox) before the process exits.
        let interruption = Interruption { _ in Task { player.stop() } }
        defer { withExtendedLifetime(interruption) {} }
        // Under --json standard error carries only a failure's one object.
        if !context.json {
            Console.err("exposure play: playing \(assetId); Ctrl-C stops the playback\(analytics ? " and ends its play session" : "")")
        }
        let playback = player.startPlayback(playable: playable, properties: properties, enableAnalytics: analytics)
        // The playback's task ends once its last analytics batch is out (failed tries retried for
        // a bounded time), so the next `exposure play` finds this play session ended and its
        // stream slot free.
        await playback.value
        timer.withLock { $0?.cancel() }
        if let shaping = shaping.withLock({ $0 }) {
            let outcome = await shaping.result
            if case .success(let id) = outcome {
                await MockNetworkShaping.remove(id, base: context.environment.baseUrl, transport: context.transport)
            }
            let final = summary.withLock { $0 }
            Console.out(context.json ? final.json : final.text)
            if case .failure(let error) = outcome { throw error }
        }
        // What an earlier run left unsent (killed mid-playback, EventSink down) goes out too.
        await player.sendLeftoverAnalytics()
        if let cause = interruption.cause {
            let report = analytics ? " (its Playback.Aborted went to the EventSink, or waits in the analytics outbox for the next run)" : ""
            throw Interrupted(cause: cause, outcome: "the playback of \(assetId) was stopped\(report)")
        }
        if let error = failure.withLock({ $0 }) { throw error }
    }

    /// With `--offline`, the download to play (its license checked on the real clock); else nil.
    /// An encrypted download's keys are answered by the manager that read it: stopped, it still
    /// reads them from `offline.sqlite` and refuses them once the license has run out.
    private func downloadedPlayable(in folder: URL) async throws -> OfflineMediaPlayable? {
        guard offline else { return nil }
        let (entitlement, url, manager) = try await withDownloadManager(in: folder, for: assetId) { manager in
            let (entitlement, url) = try EnigmaDownloads(manager: manager).offlinePlayback(assetId: assetId)
            return (entitlement, url, manager)
        }
        return OfflineMediaPlayable(assetId: assetId, entitlement: entitlement, url: url, keys: manager)
    }
}
