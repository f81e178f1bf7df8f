/// What the EPG routes page through for one channel id: a channel's repeating slots, or a live
/// event's occurrences. Airings are numbered in time order, so a span of decades is a range of
/// numbers and only the page asked for is ever built.
protocol ProgramSchedule: Sendable {
    /// The id the EPG answers under: the channel's asset id, or the event's own.
    var channelId: String { get }

    /// The numbers of the airings overlapping `[fromMs, toMs)`, `toMs > fromMs`. An empty range
    /// still sits where such airings would be: its bound is the number of the next airing.
    func airings(overlappingFromMs fromMs: Int64, toMs: Int64) -> Range<Int64>

    /// The airing with this number.
    func program(number: Int64) -> ScheduledProgram

    /// The number of one of this schedule's airings.
    func number(of program: ScheduledProgram) -> Int64
}

extension ProgramSchedule {
    /// The airings overlapping `[fromMs, toMs)`; an empty span (`fromMs == toMs`, the official
    /// ProgramService's lookup) names the airing on air at that instant, if any.
    func airings(fromMs: Int64, toMs: Int64) -> Range<Int64> {
        airings(overlappingFromMs: fromMs, toMs: max(toMs, fromMs + 1))
    }

    /// The program on air at `ms`, nil in a gap.
    func onAir(atMs ms: Int64) -> ScheduledProgram? {
        airings(fromMs: ms, toMs: ms).first.map(program(number:))
    }

    /// What `onnow` answers: the program on air and the one after it; in a gap, the next one.
    func onNow(atMs ms: Int64) -> [ScheduledProgram] {
        guard let current = onAir(atMs: ms) else { return [program(number: airings(fromMs: ms, toMs: ms).lowerBound)] }
        return [current, next(after: current)]
    }

    /// The airing after `program`.
    func next(after program: ScheduledProgram) -> ScheduledProgram { self.program(number: number(of: program) + 1) }

    /// The airing before `program`.
    func previous(before program: ScheduledProgram) -> ScheduledProgram { self.program(number: number(of: program) - 1) }

    /// The airing with this id (`{channelId}_{yyyyMMddHHmm}` of its start), if it is one of this
    /// schedule's and starts within `platformInstantsMs` (an id can spell the years 0000–1969).
    func program(id programId: String) -> ScheduledProgram? {
        guard let startMs = ProgramID.startMs(of: programId, channelId: channelId), platformInstantsMs.contains(startMs),
            let candidate = onAir(atMs: startMs)
        else { return nil }
        return candidate.programId == programId ? candidate : nil
    }
}
