import Clocks
import ExposureModels

/// One airing of a program slot on a channel, at a definite time.
package struct ScheduledProgram: Sendable, Equatable {
    /// `{channelId}_{yyyyMMddHHmm}` of the start, stable for a given schedule.
    package let programId: String
    /// The channel.
    package let channelId: String
    /// The slot it airs.
    package let slot: ProgramSlot
    /// When it starts.
    package let start: WallTime
    /// When it ends (exclusive).
    package let end: WallTime
    /// Set when the program is an occurrence of a live event: it plays the event itself.
    let eventAsset: Asset?

    init(programId: String, channelId: String, slot: ProgramSlot, start: WallTime, end: WallTime, eventAsset: Asset? = nil) {
        self.programId = programId
        self.channelId = channelId
        self.slot = slot
        self.start = start
        self.end = end
        self.eventAsset = eventAsset
    }

    /// The asset the program plays: on a channel its own, `{programId}_asset`; the event's for
    /// an occurrence, so an entitlement check at its boundary asks about the event.
    package var assetId: String { eventAsset?.assetId ?? programId + ScheduledProgram.assetSuffix }

    static let assetSuffix = "_asset"

    /// Whether it is on air at `instant`.
    package func isOnAir(at instant: WallTime) -> Bool { start <= instant && instant < end }

    /// The program's asset as clients see it.
    package var asset: Asset {
        eventAsset
            ?? Asset(
                assetId: assetId, type: "EPISODE", originalTitle: slot.title,
                localized: [LocalizedData(locale: "en", title: slot.title, description: slot.description)],
                duration: (end - start).wholeMilliseconds, live: false
            )
    }

    /// The wire form; `withAsset` expands the program's asset, its root-relative image URLs made
    /// absolute against `imageBase` (the origin the client reached, `RequestContext.baseURL`).
    package func wire(withAsset: Bool = true, imageBase: String = "") -> Program {
        Program(
            programId: programId, assetId: assetId, channelId: channelId,
            startTime: start.date, endTime: end.date, vodAvailable: false,
            catchup: slot.catchupBlocked != true, catchupBlocked: slot.catchupBlocked ?? false,
            blackout: slot.blackout ?? false, asset: withAsset ? asset.resolvingImageURLs(against: imageBase) : nil
        )
    }
}
