import Clocks

/// What the EPG routes page through for one channel id: a channel's repeating slots, or a live
/// event's occurrences. Airings are numbered in time order, so a span of decades is a range of
/// numbers and only the page asked for is ever built.
protocol ProgramSchedule: Sendable {
    /// The id the EPG answers under: the channel's asset id, or the event's own.
    var channelId: String { get }

    /// The numbers of the airings overlapping `[from, to)`, `to > from`. An empty range still
    /// sits where such airings would be: its bound is the number of the next airing.
    func airings(overlappingFrom from: WallTime, to: WallTime) -> Range<Int64>

    /// The airing with this number.
    func program(number: Int64) -> ScheduledProgram

    /// The number of one of this schedule's airings.
    func number(of program: ScheduledProgram) -> Int64
}

extension ProgramSchedule {
    /// The airings overlapping `[from, to)`; an empty span (`from == to`, the official
    /// ProgramService's lookup) names the airing on air at that instant, if any.
    func airings(from: WallTime, to: WallTime) -> Range<Int64> {
        airings(overlappingFrom: from, to: max(to, from + .milliseconds(1)))
    }

    /// The program on air at `instant`, nil in a gap.
    func onAir(at instant: WallTime) -> ScheduledProgram? {
        airings(from: instant, to: instant).first.map(program(number:))
    }

    /// What `onnow` answers: the program on air and the one after it; in a gap, the next one.
    func onNow(at instant: WallTime) -> [ScheduledProgram] {
        guard let current = onAir(at: instant) else { return [program(number: airings(from: instant, to: instant).lowerBound)] }
        return [current, next(after: current)]
    }

    /// The airing after `program`.
    func next(after program: ScheduledProgram) -> ScheduledProgram { self.program(number: number(of: program) + 1) }

    /// The airing before `program`.
    func previous(before program: ScheduledProgram) -> ScheduledProgram { self.program(number: number(of: program) - 1) }

    /// The airing with this id (`{channelId}_{yyyyMMddHHmm}` of its start), if it is one of this
    /// schedule's and starts within `platformInstants` (an id can spell the years 0000–1969).
    func program(id programId: String) -> ScheduledProgram? {
        guard let start = ProgramID.start(of: programId, channelId: channelId), platformInstants.contains(start),
            let candidate = onAir(at: start)
        else { return nil }
        return candidate.programId == programId ? candidate : nil
    }
}
