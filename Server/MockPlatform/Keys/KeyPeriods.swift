import Clocks

/// When a stream's key changes. A VOD title, SSAI title or event has one key. A channel's key
/// changes every ``rotation`` of its timeline and at every program boundary, so a key period
/// lies within one program: the key server then decides per program (a premium program, a
/// blackout) whether an account may have it. Every client of the same window sees the same keys.
enum KeyPeriods {
    /// How long a channel keeps one key at most.
    static let rotation: Duration = .seconds(10 * 60)

    /// The key of the segment that starts at `segmentStart` in the stream of `assetId`, with
    /// `schedule` when the stream is a channel's.
    static func keyID(assetId: String, schedule: ChannelSchedule?, segmentStart: WallTime) -> ContentKeyID {
        guard let schedule else { return ContentKeyID(assetId: assetId, periodStart: platformEpoch) }
        return ContentKeyID(assetId: assetId, periodStart: periodStart(schedule, at: segmentStart))
    }

    /// Whether `id` is a key of `assetId`'s stream: period 0 without a schedule, else a period
    /// start of the schedule.
    static func isKey(_ id: ContentKeyID, schedule: ChannelSchedule?) -> Bool {
        guard let schedule else { return id.periodStart == platformEpoch }
        return platformInstants.contains(id.periodStart) && periodStart(schedule, at: id.periodStart) == id.periodStart
    }

    /// The latest rotation boundary or program start at or before `instant`.
    private static func periodStart(_ schedule: ChannelSchedule, at instant: WallTime) -> WallTime {
        let sinceEpoch = instant - platformEpoch
        let rotationStart = rotation * sinceEpoch.floorDivided(by: rotation)
        // The program's airtime only: its ids are not needed, and this runs for every listed segment.
        return platformEpoch + max(rotationStart, schedule.airtime(sinceEpoch: sinceEpoch).lowerBound)
    }
}
