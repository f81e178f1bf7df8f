import Clocks
import ExposureModels

/// A channel's EPG as a pure function of time: the slots repeat back to back forever from
/// 1970-01-01T00:00Z, so any instant has exactly one program and ids never change.
package struct ChannelSchedule: ProgramSchedule {
    /// The channel's asset id.
    package let channelId: String
    private let slots: [ProgramSlot]
    /// When each slot airs within a cycle, from the cycle's start.
    private let slotSpans: [Range<Duration>]
    /// How long one pass over the slots lasts.
    let cycle: Duration

    /// The schedule of a channel with at least one slot of positive length.
    package init(channelId: String, slots: [ProgramSlot]) {
        precondition(!slots.isEmpty, "fixture validation guarantees a non-empty schedule")
        self.channelId = channelId
        self.slots = slots
        var spans: [Range<Duration>] = []
        var total = Duration.zero
        for slot in slots {
            spans.append(total..<total + slot.length)
            total += slot.length
        }
        slotSpans = spans
        cycle = total
    }

    /// The program on air at `instant`.
    package func program(at instant: WallTime) -> ScheduledProgram {
        let slot = slot(at: instant)
        return airing(cycle: slot.cycle, index: slot.index)
    }

    /// When the program on air `offset` after 1970-01-01T00:00Z airs, as offsets from then,
    /// without building its ids or instants: the live timeline and the key periods ask this for
    /// every segment of a window, so it stays in `Duration` arithmetic.
    func airtime(sinceEpoch offset: Duration) -> Range<Duration> {
        let slot = slot(sinceEpoch: offset)
        let cycleStart = cycle * slot.cycle
        return cycleStart + slotSpans[slot.index].lowerBound..<cycleStart + slotSpans[slot.index].upperBound
    }

    private func slot(at instant: WallTime) -> (cycle: Int64, index: Int) { slot(sinceEpoch: instant - platformEpoch) }

    private func slot(sinceEpoch offset: Duration) -> (cycle: Int64, index: Int) {
        let cycle = offset.floorDivided(by: self.cycle)
        let withinCycle = offset - self.cycle * cycle
        return (cycle, slotSpans.lastIndex { $0.lowerBound <= withinCycle } ?? 0)
    }

    /// Programs overlapping `[from, to)`, by start time; none for an empty span.
    package func programs(from: WallTime, to: WallTime) -> [ScheduledProgram] {
        to > from ? airings(from: from, to: to).map(program(number:)) : []
    }

    /// Airing 0 is the first slot of the cycle starting 1970-01-01T00:00Z, and they count on
    /// back to back, so the range is never empty.
    func airings(overlappingFrom from: WallTime, to: WallTime) -> Range<Int64> {
        number(of: slot(at: from))..<(number(of: slot(at: to - .milliseconds(1))) + 1)
    }

    /// The airing with this number (see `airings(overlappingFrom:to:)`).
    package func program(number: Int64) -> ScheduledProgram {
        let count = Int64(slots.count)
        let cycle = floorDivide(number, count)
        return airing(cycle: cycle, index: Int(number - cycle * count))
    }

    func number(of program: ScheduledProgram) -> Int64 { number(of: slot(at: program.start)) }

    private func number(of slot: (cycle: Int64, index: Int)) -> Int64 {
        slot.cycle * Int64(slots.count) + Int64(slot.index)
    }

    private func airing(cycle: Int64, index: Int) -> ScheduledProgram {
        let cycleStart = platformEpoch + self.cycle * cycle
        let start = cycleStart + slotSpans[index].lowerBound
        return ScheduledProgram(
            programId: ProgramID.make(channelId: channelId, start: start),
            channelId: channelId, slot: slots[index], start: start, end: cycleStart + slotSpans[index].upperBound
        )
    }
}

/// Program ids: `{channelId}_{yyyyMMddHHmm}` of the start time in UTC.
enum ProgramID {
    static func make(channelId: String, start: WallTime) -> String {
        // The first 12 digits of the UTC timestamp: yyyyMMddHHmm.
        let digits = ISO8601.string(from: start).utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return channelId + "_" + String(decoding: digits.prefix(12), as: UTF8.self)
    }

    /// The start time encoded in an id of `channelId`, or nil when the id is not of that shape.
    static func start(of programId: String, channelId: String) -> WallTime? {
        let prefix = channelId + "_"
        guard programId.hasPrefix(prefix) else { return nil }
        let stamp = Array(programId.dropFirst(prefix.count))
        guard stamp.count == 12, stamp.allSatisfy(\.isASCII), stamp.allSatisfy(\.isNumber) else { return nil }
        let text = String(stamp)
        func part(_ from: Int, _ length: Int) -> Substring {
            text.dropFirst(from).prefix(length)
        }
        return ISO8601.wallTime(from: "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(8, 2)):\(part(10, 2)):00Z")
    }

    /// The channel id of a program id (everything before the last `_`).
    static func channelId(of programId: String) -> String? {
        guard let separator = programId.lastIndex(of: "_") else { return nil }
        return String(programId[..<separator])
    }
}
