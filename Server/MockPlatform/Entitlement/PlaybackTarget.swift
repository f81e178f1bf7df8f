import Clocks

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

    /// Resolves `assetId` at platform time `now`; nil when no such asset exists.
    init?(assetId: String, loaded: LoadedCatalog, now: WallTime) {
        if let entry = loaded.catalog.assetsById[assetId] {
            if let channel = entry.mock.channel {
                self = .liveChannel(entry, channel)
            } else if let event = entry.mock.event {
                self = .event(entry, EventOccurrence(settings: event, at: now))
            } else {
                self = .vod(entry)
            }
            return
        }
        guard let program = loaded.program(assetId: assetId),
            let channel = loaded.catalog.assetsById[program.channelId],
            let settings = channel.mock.channel
        else { return nil }
        if program.isOnAir(at: now) {
            self = .liveProgram(channel: channel, settings: settings, program: program)
        } else if program.end <= now {
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
    /// When it starts.
    let start: WallTime
    /// When it ends.
    let end: WallTime

    /// The occurrence that started most recently at `instant`.
    init(settings: EventSettings, at instant: WallTime) {
        start = platformEpoch + settings.period * (instant - platformEpoch).floorDivided(by: settings.period)
        end = start + settings.length
    }

    /// The occurrence starting exactly at `start`, if the settings have one there.
    init?(settings: EventSettings, start: WallTime) {
        let occurrence = EventOccurrence(settings: settings, at: start)
        guard occurrence.start == start else { return nil }
        self = occurrence
    }

    /// Whether it is live at `instant`.
    func isLive(at instant: WallTime) -> Bool { start <= instant && instant < end }
}
