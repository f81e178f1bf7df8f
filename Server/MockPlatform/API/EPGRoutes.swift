import Clocks
import ExposureModels
import HTTPServer

/// The EPG: by date (v2, one, several or every channel), by time span (v1), single programs,
/// their airings and neighbours, and what is on now. A live event's id answers too, with its
/// occurrences as programs; "every channel" means the catalog's channels.
extension ExposureAPI {
    static let day: Duration = .seconds(86_400)

    mutating func registerEPG() {
        // Each form for every channel and for a channel list. `FetchEpg.channels()` without ids
        // builds `epg//date/{date}`; the router squeezes the empty segment, so `/epg/date/…` answers it.
        for byDate in [true, false] {
            let suffix = byDate ? "/date/{date}" : ""
            add(.get, [.v1, .v2], "/epg" + suffix) { context throws(ExposureErrorMessage) in
                try Self.answer(channelIds: nil, byDate: byDate, context: context)
            }
            add(.get, [.v1, .v2], "/epg/{channelIds}" + suffix) { context throws(ExposureErrorMessage) in
                try Self.answer(channelIds: context.path("channelIds"), byDate: byDate, context: context)
            }
        }

        add(.get, [.v1, .v2], "/epg/{channelId}/onnow") { context throws(ExposureErrorMessage) in
            let schedule = try Self.schedule(context.path("channelId"), context: context)
            let programs = schedule.onNow(at: context.now).map { $0.wire(imageBase: context.baseURL) }
            return Responses.json(ChannelEpg(channelId: schedule.channelId, programs: programs, totalHitsAllChannels: programs.count))
        }

        add(.get, [.v1, .v2], "/epg/{channelId}/program/{programId}") { context throws(ExposureErrorMessage) in
            Responses.json(try Self.program(onChannelOf: context).wire(imageBase: context.baseURL))
        }

        add(.get, [.v1, .v2], "/epg/{channelId}/program/{programId}/airing") { context throws(ExposureErrorMessage) in
            let program = try Self.program(onChannelOf: context)
            return Responses.json(
                ProgramAiring(
                    id: program.programId, catchup: program.slot.catchupBlocked != true,
                    programs: [program.programId]))
        }

        for prefix in ["/epg/program/{programId}", "/epg/{channelId}/program/{programId}"] {
            add(.get, [.v1, .v2], prefix + "/next") { context throws(ExposureErrorMessage) in
                let program = try Self.program(context.path("programId"), context: context)
                return Responses.json(
                    try Self.withinPlatformTime(Self.schedule(program.channelId, context: context).next(after: program)).wire(
                        imageBase: context.baseURL))
            }
            add(.get, [.v1, .v2], prefix + "/previous") { context throws(ExposureErrorMessage) in
                let program = try Self.program(context.path("programId"), context: context)
                return Responses.json(
                    try Self.withinPlatformTime(Self.schedule(program.channelId, context: context).previous(before: program)).wire(
                        imageBase: context.baseURL))
            }
        }
    }

    /// One channel id answers a `ChannelEpg`; a comma list (`%2C` in the official SDK's path)
    /// or every channel (`channelIds` nil) an array.
    private static func answer(channelIds: String?, byDate: Bool, context: RequestContext) throws(ExposureErrorMessage) -> HTTPResponse {
        let span = byDate ? try daySpan(context) : try timeSpan(context)
        let ids = channelIds.map { $0.split(separator: ",").map(String.init) } ?? allChannelIds(context)
        let epgs = try EPGPage(context).epgs(channelIds: ids, span: span, context: context)
        return channelIds != nil && ids.count == 1 ? Responses.json(epgs[0]) : Responses.json(try sorted(epgs, context))
    }

    /// A list of channels' EPGs in the order `sort` asks for: `channelId` or `-channelId` (the
    /// one field a list entry is known by); the order of the request without it.
    private static func sorted(_ epgs: [ChannelEpg], _ context: RequestContext) throws(ExposureErrorMessage) -> [ChannelEpg] {
        let keys = try SortKey.list(context) { name throws(ExposureErrorMessage) in
            guard name == "channelId" else {
                throw .invalidParameter("sort", "sorts channel lists by channelId or -channelId, not \(name)")
            }
        }
        var result = epgs
        for key in keys.reversed() {
            result.sort { key.descending ? $0.channelId > $1.channelId : $0.channelId < $1.channelId }
        }
        return result
    }

    /// The days `{date}` names, widened by `daysBackward` and `daysForward` (each at most `maxDays`).
    static func daySpan(_ context: RequestContext, maxDays: Int = 31) throws(ExposureErrorMessage) -> EPGSpan {
        let date = context.path("date")
        guard date.count == 10, let dayStart = ISO8601.wallTime(from: date + "T00:00:00Z") else {
            throw .invalidParameter("date", "must be a date written yyyy-MM-dd")
        }
        let daysBackward = try context.intQuery("daysBackward", default: 0, in: 0...maxDays)
        let daysForward = try context.intQuery("daysForward", default: 0, in: 0...maxDays)
        // A four-digit year parses from 0000 on: the span is checked before it reaches a schedule.
        let span = EPGSpan(from: dayStart - day * daysBackward, to: dayStart + day * (daysForward + 1))
        guard platformInstants.contains(span.from), platformInstants.contains(span.to - .milliseconds(1)) else {
            throw .invalidParameter("date", "with daysBackward and daysForward must name days from 1970-01-01 to 9999-12-31")
        }
        return span
    }

    /// `from` and `to` in ms (today when absent). `from == to` asks for the program on air then.
    private static func timeSpan(_ context: RequestContext) throws(ExposureErrorMessage) -> EPGSpan {
        let from = try instantQuery("from", context) ?? platformEpoch + day * (context.now - platformEpoch).floorDivided(by: day)
        let to = try instantQuery("to", context) ?? min(from + day, platformInstants.upperBound)
        guard to >= from else {
            throw .invalidParameter("to", "must not be before from (\(to.millisecondsSince1970) < \(from.millisecondsSince1970))")
        }
        return EPGSpan(from: from, to: to)
    }

    /// A query parameter naming an instant in ms since 1970, within `platformInstants`.
    private static func instantQuery(_ name: String, _ context: RequestContext) throws(ExposureErrorMessage) -> WallTime? {
        guard let value = try context.int64Query(name) else { return nil }
        guard platformInstantsMs.contains(value) else {
            throw .invalidParameter(
                name, "must be ms since 1970 from \(platformInstantsMs.lowerBound) to \(platformInstantsMs.upperBound), not \(value)")
        }
        return WallTime(millisecondsSince1970: value)
    }

    private static func allChannelIds(_ context: RequestContext) -> [String] {
        context.catalog.channels.map(\.assetId).filter { context.loaded.schedules[$0] != nil }
    }

    static func schedule(_ channelId: String, context: RequestContext) throws(ExposureErrorMessage) -> any ProgramSchedule {
        guard let schedule = context.loaded.epg(channelId: channelId) else {
            throw ExposureErrorMessage(
                httpCode: 404, message: "UNKNOWN_ASSET", extendedMessage: "No channel or live event \"\(channelId)\".")
        }
        return schedule
    }

    /// The program `{programId}`, which must air on `{channelId}`.
    private static func program(onChannelOf context: RequestContext) throws(ExposureErrorMessage) -> ScheduledProgram {
        let program = try program(context.path("programId"), context: context)
        guard program.channelId == context.path("channelId") else { throw unknownProgram(context.path("programId")) }
        return program
    }

    private static func program(_ programId: String, context: RequestContext) throws(ExposureErrorMessage) -> ScheduledProgram {
        guard let program = context.loaded.program(id: programId) else { throw unknownProgram(programId) }
        return program
    }

    /// `program` when it starts within `platformInstants`; past either end there is no program.
    private static func withinPlatformTime(_ program: ScheduledProgram) throws(ExposureErrorMessage) -> ScheduledProgram {
        guard platformInstants.contains(program.start) else { throw unknownProgram(program.programId) }
        return program
    }

    private static func unknownProgram(_ programId: String) -> ExposureErrorMessage {
        ExposureErrorMessage(httpCode: 404, message: "UNKNOWN_ASSET", extendedMessage: "No program \"\(programId)\".")
    }
}

/// `GET …/epg/{channelId}/program/{programId}/airing`: the airing a program belongs to.
private struct ProgramAiring: Encodable {
    let id: String
    let catchup: Bool
    let programs: [String]
}
