import Clocks

/// When a stream's key changes. A VOD title, SSAI title or event has one key. A channel's key
/// changes every ``rotation`` of its timeline and at every program boundary, so a key period
/// lies within one program: the key server then decides per program (a premium program, a
/// blackout) whether an account may have it. Every client of the same window sees the same keys.
enum KeyPeriods {
    /// How long a channel keeps one key at most.
    static let rotation: Duration = .seconds(10 * 60)

    private static var rotationMs: Int64 { rotation.components.seconds * 1000 }

    /// The key of the segment that starts at `segmentStartMs` in the stream of `assetId`, with
    /// `schedule` when the stream is a channel's.
    static func keyID(assetId: String, schedule: ChannelSchedule?, segmentStartMs: Int64) -> ContentKeyID {
        guard let schedule else { return ContentKeyID(assetId: assetId, periodStartMs: 0) }
        return ContentKeyID(assetId: assetId, periodStartMs: periodStartMs(schedule, atMs: segmentStartMs))
    }

    /// Whether `id` is a key of `assetId`'s stream: period 0 without a schedule, else a period
    /// start of the schedule.
    static func isKey(_ id: ContentKeyID, schedule: ChannelSchedule?) -> Bool {
        guard let schedule else { return id.periodStartMs == 0 }
        return platformInstantsMs.contains(id.periodStartMs) && periodStartMs(schedule, atMs: id.periodStartMs) == id.periodStartMs
    }

    /// The latest rotation boundary or program start at or before `ms`.
    private static func periodStartMs(_ schedule: ChannelSchedule, atMs ms: Int64) -> Int64 {
        // The program's span only: its ids are not needed, and this runs for every listed segment.
        let programStart = schedule.airtime(at: WallTime(millisecondsSince1970: ms)).lowerBound
        return max(floorDivide(ms, rotationMs) * rotationMs, programStart.millisecondsSince1970)
    }
}
