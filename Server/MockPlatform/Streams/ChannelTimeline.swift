import Clocks

/// A live channel's segments as a pure function of the sequence number: segment `n` airs at
/// `n × d` since 1970, plays reel segment `n mod k`, except inside a program's ad break where it
/// plays the break's creatives. Stateless, so every request (and every mock instance) agrees, and
/// EPG programs and DATERANGE tags line up by construction.
final class ChannelTimeline: StreamTimeline {
    let channelId: String
    let schedule: ChannelSchedule
    private let segmentMs: Int64
    private let reelCount: Int
    private let adBreak: ResolvedAdBreak?
    /// The timeline repeats every `period` segments (a whole number of schedule cycles and reel loops).
    private let period: Int
    /// `periodPrefix[i]`: discontinuities among segments `0..<i` of a period.
    private let periodPrefix: [Int]

    /// A channel's ad break with its creatives' segment counts.
    struct ResolvedAdBreak {
        let offsetMs: Int64
        let ads: [(id: String, segmentCount: Int)]
        let clickThroughUrl: String?
        /// Every creative's segments, counted once: asked for every segment of a window.
        let segmentCount: Int

        init(offsetMs: Int64, ads: [(id: String, segmentCount: Int)], clickThroughUrl: String?) {
            self.offsetMs = offsetMs
            self.ads = ads
            self.clickThroughUrl = clickThroughUrl
            segmentCount = ads.reduce(0) { $0 + $1.segmentCount }
        }
    }

    init(channelId: String, schedule: ChannelSchedule, settings: ChannelSettings, media: MediaManifest, ads: [String: AdCreative]) {
        self.channelId = channelId
        self.schedule = schedule
        segmentMs = media.segmentDurationMs
        reelCount = media.reel.segmentCount
        adBreak = settings.adBreak.map { breakSettings in
            ResolvedAdBreak(
                offsetMs: Int64(breakSettings.offsetMinutes) * 60_000,
                ads: breakSettings.ads.compactMap { id in media.ad(id).map { (id, $0.segmentCount) } },
                clickThroughUrl: breakSettings.ads.first.flatMap { ads[$0]?.clickThroughUrl })
        }
        let cycleSegments = Int(schedule.cycle.floorDivided(by: .milliseconds(media.segmentDurationMs)))
        period = Self.leastCommonMultiple(cycleSegments, reelCount)
        var prefix = [0]
        prefix.reserveCapacity(period + 1)
        var previous = Self.source(-1, schedule: schedule, segmentMs: segmentMs, reelCount: reelCount, adBreak: adBreak)
        for sequence in 0..<period {
            let current = Self.source(sequence, schedule: schedule, segmentMs: segmentMs, reelCount: reelCount, adBreak: adBreak)
            prefix.append(prefix[sequence] + (current.follows(previous) ? 0 : 1))
            previous = current
        }
        periodPrefix = prefix
    }

    /// The segment on air at `ms`.
    func sequence(atMs ms: Int64) -> Int { Int(floorDivide(ms, segmentMs)) }

    func segment(_ sequence: Int) -> TimelineSegment {
        let source = source(sequence)
        let discontinuity = !source.follows(self.source(sequence - 1))
        return TimelineSegment(sequence: sequence, source: source, startMs: Int64(sequence) * segmentMs, discontinuity: discontinuity)
    }

    func discontinuities(before sequence: Int) -> Int {
        // Floored division: sequences before 0 count down (negative), still one per discontinuity.
        let periods = floorDivide(Int64(sequence), Int64(period))
        return Int(periods) * periodPrefix[period] + periodPrefix[sequence - Int(periods) * period]
    }

    func dateRanges(fromMs: Int64, toMs: Int64, liveEdgeMs: Int64) -> [StreamDateRange] {
        var ranges: [StreamDateRange] = []
        for program in schedule.programs(from: WallTime(millisecondsSince1970: fromMs), to: WallTime(millisecondsSince1970: toMs)) {
            ranges.append(
                StreamDateRange(
                    id: program.programId,
                    kind: .program(programId: program.programId, assetId: program.assetId, title: program.slot.title),
                    startMs: program.start.millisecondsSince1970, endMs: program.end.millisecondsSince1970
                ).asOf(liveEdgeMs: liveEdgeMs))
            if let span = adBreakSpan(in: program), span.startMs < toMs, span.endMs > fromMs, span.startMs < liveEdgeMs, let adBreak {
                ranges.append(
                    StreamDateRange(
                        id: "ad-\(program.programId)",
                        kind: .adBreak(adIds: adBreak.ads.map(\.id), clickThroughUrl: adBreak.clickThroughUrl),
                        startMs: span.startMs, endMs: span.endMs
                    ).asOf(liveEdgeMs: liveEdgeMs))
            }
        }
        return ranges
    }

    private func source(_ sequence: Int) -> SegmentSource {
        Self.source(sequence, schedule: schedule, segmentMs: segmentMs, reelCount: reelCount, adBreak: adBreak)
    }

    /// The ad break inside `program`, when the channel has one and it fits.
    private func adBreakSpan(in program: ScheduledProgram) -> (startMs: Int64, endMs: Int64)? {
        Self.adBreakSpan(
            inProgramFrom: program.start.millisecondsSince1970, to: program.end.millisecondsSince1970, adBreak: adBreak,
            segmentMs: segmentMs)
    }

    private static func adBreakSpan(
        inProgramFrom programStartMs: Int64, to programEndMs: Int64, adBreak: ResolvedAdBreak?, segmentMs: Int64
    ) -> (startMs: Int64, endMs: Int64)? {
        guard let adBreak, adBreak.segmentCount > 0 else { return nil }
        let start = programStartMs + adBreak.offsetMs
        let end = start + Int64(adBreak.segmentCount) * segmentMs
        return end <= programEndMs ? (start, end) : nil
    }

    /// What segment `sequence` plays. Called twice per segment of every window built, so it
    /// looks up only the program's span, never its ids (formatting those dominated a 2-h window).
    private static func source(_ sequence: Int, schedule: ChannelSchedule, segmentMs: Int64, reelCount: Int, adBreak: ResolvedAdBreak?)
        -> SegmentSource
    {
        let startMs = Int64(sequence) * segmentMs
        if let adBreak, case let program = schedule.airtime(at: WallTime(millisecondsSince1970: startMs)),
            let span = adBreakSpan(
                inProgramFrom: program.lowerBound.millisecondsSince1970, to: program.upperBound.millisecondsSince1970, adBreak: adBreak,
                segmentMs: segmentMs),
            startMs >= span.startMs, startMs < span.endMs
        {
            var index = Int((startMs - span.startMs) / segmentMs)
            for ad in adBreak.ads {
                if index < ad.segmentCount { return SegmentSource(clip: .ad(ad.id), index: index) }
                index -= ad.segmentCount
            }
        }
        let reelIndex = ((sequence % reelCount) + reelCount) % reelCount
        return SegmentSource(clip: .reel, index: reelIndex)
    }

    private static func leastCommonMultiple(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return a / x * b
    }
}
