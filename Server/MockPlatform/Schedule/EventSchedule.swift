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

    private var periodMs: Int64 { Int64(settings.periodMinutes) * 60_000 }
    private var durationMs: Int64 { Int64(settings.durationMinutes) * 60_000 }

    /// Occurrence n airs over `[n·period, n·period + duration)`.
    func airings(overlappingFromMs fromMs: Int64, toMs: Int64) -> Range<Int64> {
        let first = floorDivide(fromMs - durationMs, periodMs) + 1
        let last = floorDivide(toMs - 1, periodMs)
        return first..<max(first, last + 1)
    }

    func program(number: Int64) -> ScheduledProgram {
        program(of: EventOccurrence(settings: settings, atMs: number * periodMs))
    }

    func number(of program: ScheduledProgram) -> Int64 { floorDivide(program.startMs, periodMs) }

    /// The program of one occurrence: the entitlement of the event names the same id.
    func program(of occurrence: EventOccurrence) -> ScheduledProgram {
        ScheduledProgram(
            programId: ProgramID.make(channelId: channelId, startMs: occurrence.startMs), channelId: channelId,
            slot: slot, startMs: occurrence.startMs, endMs: occurrence.endMs, eventAsset: event)
    }
}
