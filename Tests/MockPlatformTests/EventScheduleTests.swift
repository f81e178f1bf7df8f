import Clocks
import ExposureModels
import Testing

@testable import MockPlatform

/// A live event's occurrences as an EPG, tested as a value: live 90 minutes every two hours.
@Suite struct EventScheduleTests {
    static let event = CatalogAsset(
        asset: Asset(
            assetId: "gig", type: "LIVE_EVENT", originalTitle: "Gig",
            localized: [LocalizedData(locale: "en", title: "The Gig", description: "Loud.")]),
        mock: MockAssetSettings(event: EventSettings(periodMinutes: 120, durationMinutes: 90)))
    let schedule = EventSchedule(entry: event, settings: EventSettings(periodMinutes: 120, durationMinutes: 90))
    /// 2026-11-30T12:00:00Z, an occurrence's start.
    let noon: Int64 = 1_796_040_000_000

    @Test func eachOccurrenceIsOneProgramPlayingTheEvent() throws {
        let program = try #require(schedule.onAir(at: WallTime(millisecondsSince1970: noon)))
        #expect(program.programId == "gig_202611301200" && program.channelId == "gig")
        #expect(program.start.millisecondsSince1970 == noon && program.end.millisecondsSince1970 == noon + 90 * 60_000)
        #expect(program.assetId == "gig", "an entitlement check at the boundary asks about the event")
        let wire = program.wire()
        #expect(wire.asset?.type == "LIVE_EVENT" && wire.asset?.title() == "The Gig")
        #expect(program.slot.title == "The Gig" && program.slot.description == "Loud.")
    }

    @Test func programsOfADayLeaveTheGapsBetweenOccurrences() {
        let dayStart = noon - 12 * 3_600_000
        let day = schedule.airings(
            from: WallTime(millisecondsSince1970: dayStart), to: WallTime(millisecondsSince1970: dayStart + 86_400_000)
        ).map(schedule.program(number:))
        #expect(day.count == 12)
        #expect(
            day.allSatisfy {
                $0.end.millisecondsSince1970 - $0.start.millisecondsSince1970 == 90 * 60_000
                    && ($0.start.millisecondsSince1970 - dayStart) % 7_200_000 == 0
            })
        #expect(zip(day, day.dropFirst()).allSatisfy { $1.start.millisecondsSince1970 - $0.end.millisecondsSince1970 == 30 * 60_000 })
    }

    /// `from == to`, the official ProgramService's lookup: the occurrence on air, or none in a gap.
    static let instants: [(offsetMs: Int64, onAir: Bool)] = [
        (0, true), (1, true), (5_399_999, true), (5_400_000, false), (7_140_000, false), (7_200_000, true), (-1, false)
    ]

    @Test(arguments: instants)
    func sameInstant(offsetMs: Int64, onAir: Bool) {
        let instant = noon + offsetMs
        let program = schedule.onAir(at: WallTime(millisecondsSince1970: instant))
        #expect((program != nil) == onAir)
        if let program { #expect(program.isOnAir(at: WallTime(millisecondsSince1970: instant))) }
    }

    @Test func spansCountOnlyOverlappingOccurrences() {
        #expect(
            schedule.airings(
                from: WallTime(millisecondsSince1970: noon + 90 * 60_000), to: WallTime(millisecondsSince1970: noon + 120 * 60_000)
            ).isEmpty, "the gap alone")
        #expect(
            schedule.airings(
                from: WallTime(millisecondsSince1970: noon + 89 * 60_000), to: WallTime(millisecondsSince1970: noon + 121 * 60_000)
            ).count == 2)
        #expect(
            schedule.airings(from: WallTime(millisecondsSince1970: 0), to: WallTime(millisecondsSince1970: noon)).count
                == Int(noon / 7_200_000), "since 1970, arithmetic")
    }

    @Test func neighboursAreTheOccurrencesAroundIt() throws {
        let program = try #require(schedule.onAir(at: WallTime(millisecondsSince1970: noon)))
        #expect(schedule.next(after: program).start.millisecondsSince1970 == noon + 7_200_000)
        #expect(schedule.previous(before: program).start.millisecondsSince1970 == noon - 7_200_000)
    }

    @Test func onNowInAGapIsTheNextOccurrenceOnly() throws {
        #expect(
            schedule.onNow(at: WallTime(millisecondsSince1970: noon + 10 * 60_000)).map(\.start.millisecondsSince1970) == [
                noon, noon + 7_200_000
            ])
        #expect(
            schedule.onNow(at: WallTime(millisecondsSince1970: noon + 100 * 60_000)).map(\.start.millisecondsSince1970) == [
                noon + 7_200_000
            ])
    }

    @Test func idsRoundTripAndRejectInstantsBetweenOccurrences() throws {
        let program = try #require(schedule.onAir(at: WallTime(millisecondsSince1970: noon)))
        #expect(schedule.program(id: program.programId) == program)
        #expect(schedule.program(id: "gig_202611301300") == nil, "on air then, but not an occurrence's start")
        #expect(schedule.program(id: "gig_202611301330") == nil, "in the gap")
        #expect(schedule.program(id: "other_202611301200") == nil)
    }
}
