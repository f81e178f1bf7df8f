import Clocks
import ExposureModels
import Foundation
import Synchronization

/// Everything a request handler can reach: the current catalog, the state and the clock.
package final class PlatformContext: Sendable {
    /// The platform clock.
    package let clock: PlatformClock
    /// Sessions, bookmarks, play sessions and downloads.
    package let state: any PlatformState
    /// Analytics events and ad beacons clients sent.
    package let activity: ClientActivity
    private let current: Mutex<LoadedCatalog>

    /// A context over a catalog loaded from `fixturesDirectory` (its media files are served from there).
    package init(
        catalog: Catalog, fixturesDirectory: URL, state: any PlatformState, clock: PlatformClock,
        activity: ClientActivity = ClientActivity()
    ) {
        self.clock = clock
        self.state = state
        self.activity = activity
        current = Mutex(LoadedCatalog(catalog, fixturesDirectory: fixturesDirectory, loadedAt: clock.now))
    }

    /// The catalog as of now; a request uses one snapshot throughout so a reload cannot tear it.
    package var catalog: LoadedCatalog { current.withLock { $0 } }

    /// Swaps in a new catalog loaded from `fixturesDirectory`; requests already running keep the old one.
    package func replace(catalog: Catalog, fixturesDirectory: URL) {
        let loaded = LoadedCatalog(catalog, fixturesDirectory: fixturesDirectory, loadedAt: clock.now)
        current.withLock { $0 = loaded }
    }
}

/// A catalog plus what is derived from it once per load: channel schedules, each asset's JSON
/// (Codable encoding costs ~100 µs per asset on Linux, too much to pay per list request; once
/// per origin, as image URLs name it), and
/// the playlists and media files served from it, so a reload never serves the old ones.
package final class LoadedCatalog: Sendable {
    /// The fixtures.
    package let catalog: Catalog
    /// Each channel's schedule, by channel id.
    package let schedules: [String: ChannelSchedule]
    /// Each live event's occurrences as an EPG, by the event's asset id.
    let eventSchedules: [String: EventSchedule]
    /// Each catalog asset as JSON values, for sorting and searching by field name (image URLs as
    /// the fixtures write them, which the empty origin leaves them): made by the first query that
    /// sorts or searches and kept with the origins', as most loads (a test's mock) never see one.
    var assetFields: [String: JSONValue] { servedAssets.assets(for: "").fields }
    /// Each catalog asset encoded as an origin receives it (no user data), by origin.
    let servedAssets: ServedAssetsByOrigin
    /// When the catalog was loaded, platform time: the time of the bookmarks fixtures start
    /// users with (they exist from then on).
    let loadedAt: WallTime
    /// Each channel's segment timeline, by channel id.
    let channelTimelines: [String: ChannelTimeline]
    /// The playlists built from this catalog.
    let playlists = PlaylistCache()
    /// The encrypted segments served from this catalog's media.
    let encryptedSegments = EncryptedSegmentCache()
    /// The play entitlements' JSON, encoded once per shape.
    let entitlementBodies = EntitlementBodies()
    /// Anonymous asset lists' JSON, by query, while the publications they reflect stand.
    let assetListBodies: AssetListBodies
    /// The files of this catalog's media folder.
    let mediaFiles: MediaFileStore

    init(_ catalog: Catalog, fixturesDirectory: URL, loadedAt: WallTime) {
        self.catalog = catalog
        self.loadedAt = loadedAt
        mediaFiles = MediaFileStore(root: fixturesDirectory.appendingPathComponent("media", isDirectory: true))
        var schedules: [String: ChannelSchedule] = [:]
        var timelines: [String: ChannelTimeline] = [:]
        for entry in catalog.channels {
            if let channel = entry.mock.channel {
                let schedule = ChannelSchedule(channelId: entry.assetId, slots: channel.schedule)
                schedules[entry.assetId] = schedule
                timelines[entry.assetId] = ChannelTimeline(
                    channelId: entry.assetId, schedule: schedule, settings: channel, media: catalog.media, ads: catalog.ads)
            }
        }
        self.schedules = schedules
        channelTimelines = timelines
        var eventSchedules: [String: EventSchedule] = [:]
        for entry in catalog.assets {
            if let event = entry.mock.event { eventSchedules[entry.assetId] = EventSchedule(entry: entry, settings: event) }
        }
        self.eventSchedules = eventSchedules
        assetListBodies = AssetListBodies(assets: catalog.wireAssets)
        servedAssets = ServedAssetsByOrigin(assets: catalog.wireAssets)
    }

    /// The EPG under `channelId`: a channel's, or a live event's own.
    func epg(channelId: String) -> (any ProgramSchedule)? {
        schedules[channelId] ?? eventSchedules[channelId]
    }

    /// The scheduled program with this id, on whichever channel or event airs it.
    package func program(id programId: String) -> ScheduledProgram? {
        guard let channelId = ProgramID.channelId(of: programId) else { return nil }
        return epg(channelId: channelId)?.program(id: programId)
    }

    /// The scheduled program whose own asset has this id (a channel's program: an event's
    /// occurrences play the event asset, which the catalog answers).
    package func program(assetId: String) -> ScheduledProgram? {
        guard assetId.hasSuffix(ScheduledProgram.assetSuffix),
            let program = program(id: String(assetId.dropLast(ScheduledProgram.assetSuffix.count))),
            program.assetId == assetId
        else { return nil }
        return program
    }
}
