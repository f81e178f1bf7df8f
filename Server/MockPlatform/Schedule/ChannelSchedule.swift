import Clocks
import ExposureModels

/// A channel's EPG as a pure function of time: the slots repeat back to back forever from
/// 1970-01-01T00:00Z, so any instant has exactly one program and ids never change.
package struct ChannelSchedule: ProgramSchedule {
    /// The channel's asset id.
    package let channelId: String
    private let slots: [ProgramSlot]
    private let slotStartsMs: [Int64]
    /// How long one pass over the slots lasts, ms.
    let cycleMs: Int64

    /// The schedule of a channel with at least one slot of positive length.
    package init(channelId: String, slots: [ProgramSlot]) {
        precondition(!slots.isEmpty, "fixture validation guarantees a non-empty schedule")
        self.channelId = channelId
        self.slots = slots
        var starts: [Int64] = []
        var total: Int64 = 0
        for slot in slots {
            starts.append(total)
            total += Int64(slot.durationMinutes) * 60_000
        }
        slotStartsMs = starts
        cycleMs = total
    }

    /// The program on air at `ms`.
    package func program(atMs ms: Int64) -> ScheduledProgram {
        let slot = slot(atMs: ms)
        return airing(cycle: slot.cycle, index: slot.index)
    }

    /// Where the program on air at `ms` starts and ends, without building its ids: the live
    /// timeline asks this for every segment of a window.
    func span(atMs ms: Int64) -> (startMs: Int64, endMs: Int64) {
        let slot = slot(atMs: ms)
        let start = slot.cycle * cycleMs + slotStartsMs[slot.index]
        return (start, start + Int64(slots[slot.index].durationMinutes) * 60_000)
    }

    private func slot(atMs ms: Int64) -> (cycle: Int64, index: Int) {
        let cycle = floorDivide(ms, cycleMs)
        let offset = ms - cycle * cycleMs
        return (cycle, slotStartsMs.lastIndex { $0 <= offset } ?? 0)
    }

    /// Programs overlapping `[fromMs, toMs)`, by start time; none for an empty span.
    package func programs(fromMs: Int64, toMs: Int64) -> [ScheduledProgram] {
        toMs > fromMs ? airings(fromMs: fromMs, toMs: toMs).map(program(number:)) : []
    }

    /// Airing 0 is the first slot of the cycle starting 1970-01-01T00:00Z, and they count on
    /// back to back, so the range is never empty.
    func airings(overlappingFromMs fromMs: Int64, toMs: Int64) -> Range<Int64> {
        number(of: slot(atMs: fromMs))..<(number(of: slot(atMs: toMs - 1)) + 1)
    }

    /// The airing with this number (see `airings(overlappingFromMs:toMs:)`).
    package func program(number: Int64) -> ScheduledProgram {
        let count = Int64(slots.count)
        let cycle = floorDivide(number, count)
        return airing(cycle: cycle, index: Int(number - cycle * count))
    }

    func number(of program: ScheduledProgram) -> Int64 { number(of: slot(atMs: program.startMs)) }

    private func number(of slot: (cycle: Int64, index: Int)) -> Int64 {
        slot.cycle * Int64(slots.count) + Int64(slot.index)
    }

    private func airing(cycle: Int64, index: Int) -> ScheduledProgram {
        let start = cycle * cycleMs + slotStartsMs[index]
        let end = start + Int64(slots[index].durationMinutes) * 60_000
        return ScheduledProgram(
            programId: ProgramID.make(channelId: channelId, startMs: start),
            channelId: channelId, slot: slots[index], startMs: start, endMs: end
        )
    }
}

/// Program ids: `{channelId}_{yyyyMMddHHmm}` of the start time in UTC.
enum ProgramID {
    static func make(channelId: String, startMs: Int64) -> String {
        // The first 12 digits of the UTC timestamp: yyyyMMddHHmm.
        let digits = ISO8601.string(fromMilliseconds: startMs).utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return channelId + "_" + String(decoding: digits.prefix(12), as: UTF8.self)
    }

    /// The start time encoded in an id of `channelId`, or nil when the id is not of that shape.
    static func startMs(of programId: String, channelId: String) -> Int64? {
        let prefix = channelId + "_"
        guard programId.hasPrefix(prefix) else { return nil }
        let stamp = Array(programId.dropFirst(prefix.count))
        guard stamp.count == 12, stamp.allSatisfy(\.isASCII), stamp.allSatisfy(\.isNumber) else { return nil }
        let text = String(stamp)
        func part(_ from: Int, _ length: Int) -> Substring {
            text.dropFirst(from).prefix(length)
        }
        return ISO8601.milliseconds(from: "\(part(0, 4))-\(part(4, 2))-\(part(6, 2))T\(part(8, 2)):\(part(10, 2)):00Z")
    }

    /// The channel id of a program id (everything before the last `_`).
    static func channelId(of programId: String) -> String? {
        guard let separator = programId.lastIndex(of: "_") else { return nil }
        return String(programId[..<separator])
    }
}
