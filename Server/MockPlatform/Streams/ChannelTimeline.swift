import Clocks

/// A live channel's segments as a pure function of the sequence number: segment `n` airs at
/// `n × d` since 1970, plays reel segment `n mod k`, except inside a program's ad break where it
/// plays the break's creatives. Stateless, so every request (and every mock instance) agrees, and
/// EPG programs and DATERANGE tags line up by construction.
final class ChannelTimeline: StreamTimeline {
    let channelId: String
    let schedule: ChannelSchedule
    private let segmentDuration: Duration
    private let reelCount: Int
    private let adBreak: ResolvedAdBreak?
    /// The timeline repeats every `period` segments (a whole number of schedule cycles and reel loops).
    private let period: Int
    /// `periodPrefix[i]`: discontinuities among segments `0..<i` of a period.
    private let periodPrefix: [Int]
    /// `periodBreakSegments[i]`: for every segment `n` with `n mod period == i`, which of
    /// ``breakSegments`` it plays (from 0), or -1 when it plays the reel.
    /// Worked out once, in the walk over the period the discontinuity counts need anyway, so
    /// the segments of a window (two lookups each) are read from a table rather than from the
    /// schedule and the ad break; 4 bytes a segment (a week-long schedule of 2-s segments: 1.2 MB).
    private let periodBreakSegments: [Int32]
    /// The ad break's segments in the order they air: its creatives', one after another.
    private let breakSegments: [SegmentSource]

    /// A channel's ad break with its creatives' segment counts.
    struct ResolvedAdBreak {
        /// How far into each program the break starts.
        let offset: Duration
        let ads: [(id: String, segmentCount: Int)]
        let clickThroughUrl: String?
        /// Every creative's segments, counted once: asked for every segment of a window.
        let segmentCount: Int

        init(offset: Duration, ads: [(id: String, segmentCount: Int)], clickThroughUrl: String?) {
            self.offset = offset
            self.ads = ads
            self.clickThroughUrl = clickThroughUrl
            segmentCount = ads.reduce(0) { $0 + $1.segmentCount }
        }
    }

    init(channelId: String, schedule: ChannelSchedule, settings: ChannelSettings, media: MediaManifest, ads: [String: AdCreative]) {
        self.channelId = channelId
        self.schedule = schedule
        segmentDuration = media.segmentDuration
        reelCount = media.reel.segmentCount
        let adBreak = settings.adBreak.map { breakSettings in
            ResolvedAdBreak(
                offset: .seconds(60 * breakSettings.offsetMinutes),
                ads: breakSettings.ads.compactMap { id in media.ad(id).map { (id, $0.segmentCount) } },
                clickThroughUrl: breakSettings.ads.first.flatMap { ads[$0]?.clickThroughUrl })
        }
        self.adBreak = adBreak
        let cycleSegments = Int(schedule.cycle.floorDivided(by: media.segmentDuration))
        period = Self.leastCommonMultiple(cycleSegments, reelCount)
        let breakSegments = (adBreak?.ads ?? []).flatMap { ad in
            (0..<ad.segmentCount).map { SegmentSource(clip: .ad(ad.id), index: $0) }
        }
        // Walked program by program, from the segment before 0 (the first one's predecessor):
        // the schedule is asked again only when a segment starts past the program on air.
        var breakSegmentNumbers: [Int32] = []
        breakSegmentNumbers.reserveCapacity(period + 1)
        var start = .zero - segmentDuration
        var airing = schedule.airtime(sinceEpoch: start)
        var breakAirtime = Self.adBreakAirtime(inProgramAiring: airing, adBreak: adBreak, segmentDuration: segmentDuration)
        for _ in -1..<period {
            if !airing.contains(start) {
                airing = schedule.airtime(sinceEpoch: start)
                breakAirtime = Self.adBreakAirtime(inProgramAiring: airing, adBreak: adBreak, segmentDuration: segmentDuration)
            }
            let number = Self.breakSegment(startingAt: start, in: breakAirtime, segmentDuration: segmentDuration)
            breakSegmentNumbers.append(Int32(number ?? -1))
            start += segmentDuration
        }
        let source = { (sequence: Int) in
            let number = Int(breakSegmentNumbers[sequence + 1])
            return Self.source(sequence, breakSegment: number < 0 ? nil : number, of: breakSegments, reelCount: media.reel.segmentCount)
        }
        var previous = source(-1)
        var prefix = [0]
        prefix.reserveCapacity(period + 1)
        for sequence in 0..<period {
            let current = source(sequence)
            prefix.append(prefix[sequence] + (current.follows(previous) ? 0 : 1))
            previous = current
        }
        breakSegmentNumbers.removeFirst()
        periodPrefix = prefix
        periodBreakSegments = breakSegmentNumbers
        self.breakSegments = breakSegments
    }

    /// The segment on air at `instant`.
    func sequence(at instant: WallTime) -> Int { Int((instant - platformEpoch).floorDivided(by: segmentDuration)) }

    func segment(_ sequence: Int) -> TimelineSegment {
        let source = source(sequence)
        let discontinuity = !source.follows(self.source(sequence - 1))
        return TimelineSegment(
            sequence: sequence, source: source, start: platformEpoch + segmentDuration * sequence, discontinuity: discontinuity)
    }

    func discontinuities(before sequence: Int) -> Int {
        // Floored division: sequences before 0 count down (negative), still one per discontinuity.
        let periods = floorDivide(Int64(sequence), Int64(period))
        return Int(periods) * periodPrefix[period] + periodPrefix[sequence - Int(periods) * period]
    }

    func dateRanges(from: WallTime, to: WallTime, liveEdge: WallTime) -> [StreamDateRange] {
        var ranges: [StreamDateRange] = []
        for program in schedule.programs(from: from, to: to) {
            ranges.append(
                StreamDateRange(
                    id: program.programId,
                    kind: .program(programId: program.programId, assetId: program.assetId, title: program.slot.title),
                    start: program.start, end: program.end
                ).asOf(liveEdge: liveEdge))
            if let airtime = adBreakAirtime(in: program), airtime.lowerBound < to, airtime.upperBound > from,
                airtime.lowerBound < liveEdge, let adBreak
            {
                ranges.append(
                    StreamDateRange(
                        id: "ad-\(program.programId)",
                        kind: .adBreak(adIds: adBreak.ads.map(\.id), clickThroughUrl: adBreak.clickThroughUrl),
                        start: airtime.lowerBound, end: airtime.upperBound
                    ).asOf(liveEdge: liveEdge))
            }
        }
        return ranges
    }

    private func source(_ sequence: Int) -> SegmentSource {
        let number = Int(periodBreakSegments[((sequence % period) + period) % period])
        return Self.source(sequence, breakSegment: number < 0 ? nil : number, of: breakSegments, reelCount: reelCount)
    }

    /// When the ad break inside `program` airs, when the channel has one and it fits.
    private func adBreakAirtime(in program: ScheduledProgram) -> Range<WallTime>? {
        Self.adBreakAirtime(
            inProgramAiring: (program.start - platformEpoch)..<(program.end - platformEpoch), adBreak: adBreak,
            segmentDuration: segmentDuration
        ).map { platformEpoch + $0.lowerBound..<platformEpoch + $0.upperBound }
    }

    /// When the ad break inside the program airing over `programAirtime` airs, both as offsets
    /// from 1970-01-01T00:00Z, when the channel has one and it fits.
    private static func adBreakAirtime(
        inProgramAiring programAirtime: Range<Duration>, adBreak: ResolvedAdBreak?, segmentDuration: Duration
    ) -> Range<Duration>? {
        guard let adBreak, adBreak.segmentCount > 0 else { return nil }
        let start = programAirtime.lowerBound + adBreak.offset
        let end = start + segmentDuration * adBreak.segmentCount
        return end <= programAirtime.upperBound ? start..<end : nil
    }

    /// Which of the ad break's segments (``breakSegments``, from 0) the segment starting `start`
    /// after 1970 plays, when it starts within `breakAirtime`, the break of the program on air;
    /// nil when it plays the reel. Offsets from 1970, so no instants are made.
    private static func breakSegment(startingAt start: Duration, in breakAirtime: Range<Duration>?, segmentDuration: Duration) -> Int? {
        guard let breakAirtime, breakAirtime.contains(start) else { return nil }
        return Int((start - breakAirtime.lowerBound).floorDivided(by: segmentDuration))
    }

    /// What segment `sequence` plays: the ad break's segment `breakSegment` of `breakSegments`,
    /// or without one, the reel's segment the sequence comes to in its loop.
    private static func source(_ sequence: Int, breakSegment: Int?, of breakSegments: [SegmentSource], reelCount: Int) -> SegmentSource {
        if let breakSegment { return breakSegments[breakSegment] }
        return SegmentSource(clip: .reel, index: ((sequence % reelCount) + reelCount) % reelCount)
    }

    private static func leastCommonMultiple(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return a / x * b
    }
}
