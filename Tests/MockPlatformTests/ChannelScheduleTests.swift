import Clocks
import Testing

@testable import MockPlatform

@Suite struct ChannelScheduleTests {
    let schedule = ChannelSchedule(
        channelId: "ch",
        slots: [
            ProgramSlot(title: "A", durationMinutes: 30), ProgramSlot(title: "B", durationMinutes: 60),
            ProgramSlot(title: "C", durationMinutes: 30)
        ])

    @Test(arguments: [Int64(0), 1, 1_799_999, 1_800_000, 7_199_999, 1_796_040_123_456, -1, -7_200_001])
    func everyInstantHasExactlyOneProgram(ms: Int64) {
        let program = schedule.program(at: WallTime(millisecondsSince1970: ms))
        #expect(program.isOnAir(at: WallTime(millisecondsSince1970: ms)))
        #expect(
            schedule.program(id: program.programId) == (program.start.millisecondsSince1970 >= 0 ? program : nil),
            "ids name programs from 1970 on")
    }

    @Test func programsAreBackToBackAndRepeat() {
        let day = schedule.programs(from: WallTime(millisecondsSince1970: 0), to: WallTime(millisecondsSince1970: 86_400_000))
        #expect(day.count == 36)
        #expect(zip(day, day.dropFirst()).allSatisfy { $0.end.millisecondsSince1970 == $1.start.millisecondsSince1970 })
        #expect(day.map(\.slot.title).prefix(4) == ["A", "B", "C", "A"])
    }

    @Test func neighbours() {
        let program = schedule.program(at: WallTime(millisecondsSince1970: 2_000_000))
        #expect(schedule.next(after: program).start.millisecondsSince1970 == program.end.millisecondsSince1970)
        #expect(schedule.previous(before: program).end.millisecondsSince1970 == program.start.millisecondsSince1970)
    }

    @Test func idsRoundTripAndRejectForeignIds() {
        let program = schedule.program(at: WallTime(millisecondsSince1970: 1_796_040_123_456))
        #expect(program.programId == "ch_202611301200")  // 2026-11-30T12:02:03Z falls in slot A of the 12:00 cycle
        #expect(schedule.program(id: "other_202612010000") == nil)
        #expect(schedule.program(id: "ch_2026120100") == nil)
        #expect(schedule.program(id: "ch_202612010010") == nil)
    }

    /// Ids spell years 0000–9999; programs exist for lookups only from 1970 on (the previous of
    /// a year-0000 program once trapped formatting year −1).
    @Test func idsBeforeNineteenSeventyNameNoProgram() {
        #expect(schedule.program(id: "ch_000001010000") == nil)
        #expect(schedule.program(id: "ch_196912312300") == nil)
        #expect(schedule.program(id: "ch_197001010000")?.start.millisecondsSince1970 == 0)
        #expect(schedule.program(id: "ch_999912312230")?.end.millisecondsSince1970 == 253_402_299_000_000)
    }
}
