import Clocks
import ExposureModels

/// A live event's EPG: one program per occurrence, under the event's own id. Events air on no
/// catalog channel and their entitlement names the event as `streamInfo.channelId`, which is
/// where the official ProgramService looks programs up. Between occurrences there is no
/// program, as there is no stream: the EPG has a gap there.
struct EventSchedule: ProgramSchedule {
    let channelId: String
    private let settings: EventSettings
    private let event: Asset
    private let slot: ProgramSlot

    /// The schedule of `entry`, a `LIVE_EVENT` with these settings.
    init(entry: CatalogAsset, settings: EventSettings) {
        channelId = entry.assetId
        self.settings = settings
        event = entry.asset
        let localized = entry.asset.localized?.first
        slot = ProgramSlot(
            title: entry.asset.title() ?? entry.assetId, description: localized?.description,
            durationMinutes: settings.durationMinutes)
    }

    /// Occurrence n airs over `[n·period, n·period + length)` since 1970.
    func airings(overlappingFrom from: WallTime, to: WallTime) -> Range<Int64> {
        let first = (from - platformEpoch - settings.length).floorDivided(by: settings.period) + 1
        let last = (to - platformEpoch - .milliseconds(1)).floorDivided(by: settings.period)
        return first..<max(first, last + 1)
    }

    func program(number: Int64) -> ScheduledProgram {
        program(of: EventOccurrence(settings: settings, at: platformEpoch + settings.period * number))
    }

    func number(of program: ScheduledProgram) -> Int64 { (program.start - platformEpoch).floorDivided(by: settings.period) }

    /// The program of one occurrence: the entitlement of the event names the same id.
    func program(of occurrence: EventOccurrence) -> ScheduledProgram {
        ScheduledProgram(
            programId: ProgramID.make(channelId: channelId, start: occurrence.start), channelId: channelId,
            slot: slot, start: occurrence.start, end: occurrence.end, eventAsset: event)
    }
}
