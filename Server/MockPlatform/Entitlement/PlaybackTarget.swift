/// What an asset id resolves to when a client asks to play it.
enum PlaybackTarget {
    /// A VOD title (movie, episode, clip, podcast…).
    case vod(CatalogAsset)
    /// A live channel, from its live edge.
    case liveChannel(CatalogAsset, ChannelSettings)
    /// A program on a channel while it airs.
    case liveProgram(channel: CatalogAsset, settings: ChannelSettings, program: ScheduledProgram)
    /// A program on a channel after it aired.
    case catchup(channel: CatalogAsset, settings: ChannelSettings, program: ScheduledProgram)
    /// A program that has not started yet.
    case upcomingProgram(channel: CatalogAsset, program: ScheduledProgram)
    /// A live event, in its current (or last) occurrence.
    case event(CatalogAsset, EventOccurrence)

    /// Resolves `assetId` at platform time `nowMs`; nil when no such asset exists.
    init?(assetId: String, loaded: LoadedCatalog, nowMs: Int64) {
        if let entry = loaded.catalog.assetsById[assetId] {
            if let channel = entry.mock.channel {
                self = .liveChannel(entry, channel)
            } else if let event = entry.mock.event {
                self = .event(entry, EventOccurrence(settings: event, atMs: nowMs))
            } else {
                self = .vod(entry)
            }
            return
        }
        guard let program = loaded.program(assetId: assetId),
            let channel = loaded.catalog.assetsById[program.channelId],
            let settings = channel.mock.channel
        else { return nil }
        if program.isOnAir(atMs: nowMs) {
            self = .liveProgram(channel: channel, settings: settings, program: program)
        } else if program.endMs <= nowMs {
            self = .catchup(channel: channel, settings: settings, program: program)
        } else {
            self = .upcomingProgram(channel: channel, program: program)
        }
    }

    /// The catalog asset whose publications govern access (the channel, for programs).
    var governingAsset: CatalogAsset {
        switch self {
        case .vod(let asset), .liveChannel(let asset, _), .event(let asset, _): asset
        case .liveProgram(let channel, _, _), .catchup(let channel, _, _), .upcomingProgram(let channel, _): channel
        }
    }
}

/// One occurrence of a recurring live event.
struct EventOccurrence: Equatable {
    /// When it starts, ms since 1970.
    let startMs: Int64
    /// When it ends, ms since 1970.
    let endMs: Int64

    /// The occurrence that started most recently at `ms`.
    init(settings: EventSettings, atMs ms: Int64) {
        let period = Int64(settings.periodMinutes) * 60_000
        startMs = floorDivide(ms, period) * period
        endMs = startMs + Int64(settings.durationMinutes) * 60_000
    }

    /// The occurrence starting exactly at `startMs`, if the settings have one there.
    init?(settings: EventSettings, startMs: Int64) {
        let occurrence = EventOccurrence(settings: settings, atMs: startMs)
        guard occurrence.startMs == startMs else { return nil }
        self = occurrence
    }

    /// Whether it is live at `ms`.
    func isLive(atMs ms: Int64) -> Bool { startMs <= ms && ms < endMs }
}
