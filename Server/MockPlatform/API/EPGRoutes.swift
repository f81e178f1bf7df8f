import ExposureModels
import HTTPServer

/// The EPG: by date (v2, several channels), by time span (v1), single programs and their neighbours.
extension ExposureAPI {
    static let dayMs: Int64 = 86_400_000

    mutating func registerEPG() {
        add(.get, [.v2], "/epg/{channelIds}/date/{date}") { context throws(ExposureErrorMessage) in
            let ids = context.path("channelIds").split(separator: ",").map(String.init)
            guard let dayStart = ISO8601Timestamp.milliseconds(from: context.path("date") + "T00:00:00Z"),
                  context.path("date").count == 10 else {
                throw .invalidParameter("date", "must be a date written yyyy-MM-dd")
            }
            let daysBackward = try context.intQuery("daysBackward", default: 0, in: 0...31)
            let daysForward = try context.intQuery("daysForward", default: 0, in: 0...31)
            let from = dayStart - Int64(daysBackward) * ExposureAPI.dayMs
            let to = dayStart + Int64(daysForward + 1) * ExposureAPI.dayMs
            let epgs = try Self.epgs(channelIds: ids, fromMs: from, toMs: to, context: context)
            return ids.count == 1 ? Responses.json(epgs[0]) : Responses.json(epgs)
        }

        add(.get, [.v1, .v2], "/epg/{channelId}") { context throws(ExposureErrorMessage) in
            let from = try context.int64Query("from") ?? (context.nowMs / ExposureAPI.dayMs) * ExposureAPI.dayMs
            let to = try context.int64Query("to") ?? from + ExposureAPI.dayMs
            guard to > from else { throw .invalidParameter("to", "must be after from") }
            guard to - from <= 31 * ExposureAPI.dayMs else { throw .invalidParameter("to", "may be at most 31 days after from") }
            return Responses.json(try Self.epgs(channelIds: [context.path("channelId")], fromMs: from, toMs: to, context: context)[0])
        }

        add(.get, [.v1, .v2], "/epg/{channelId}/program/{programId}") { context throws(ExposureErrorMessage) in
            let program = try Self.program(context.path("programId"), context: context)
            guard program.channelId == context.path("channelId") else { throw Self.unknownProgram(context.path("programId")) }
            return Responses.json(program.wire())
        }

        for prefix in ["/epg/program/{programId}", "/epg/{channelId}/program/{programId}"] {
            add(.get, [.v1, .v2], prefix + "/next") { context throws(ExposureErrorMessage) in
                let program = try Self.program(context.path("programId"), context: context)
                return Responses.json(try Self.schedule(program.channelId, context: context).next(after: program).wire())
            }
            add(.get, [.v1, .v2], prefix + "/previous") { context throws(ExposureErrorMessage) in
                let program = try Self.program(context.path("programId"), context: context)
                return Responses.json(try Self.schedule(program.channelId, context: context).previous(before: program).wire())
            }
        }
    }

    private static func epgs(channelIds: [String], fromMs: Int64, toMs: Int64, context: RequestContext) throws(ExposureErrorMessage) -> [ChannelEpg] {
        let pageNumber = try context.intQuery("pageNumber", default: 1, in: 1...100_000)
        let pageSize = try context.intQuery("pageSize", default: 500, in: 1...5_000)
        _ = try context.boolQuery("onlyPublished", default: true)  // every scheduled program is published
        var perChannel: [(String, [ScheduledProgram])] = []
        for channelId in channelIds {
            let programs = try schedule(channelId, context: context).programs(fromMs: fromMs, toMs: toMs)
            perChannel.append((channelId, programs))
        }
        let total = perChannel.reduce(0) { $0 + $1.1.count }
        return perChannel.map { channelId, programs in
            let start = (pageNumber - 1) * pageSize
            let page = start < programs.count ? Array(programs[start..<min(programs.count, start + pageSize)]) : []
            return ChannelEpg(channelId: channelId, programs: page.map { $0.wire() }, totalHitsAllChannels: total)
        }
    }

    private static func schedule(_ channelId: String, context: RequestContext) throws(ExposureErrorMessage) -> ChannelSchedule {
        guard let schedule = context.loaded.schedules[channelId] else {
            throw ExposureErrorMessage(httpCode: 404, message: "UNKNOWN_ASSET", extendedMessage: "No channel \"\(channelId)\".")
        }
        return schedule
    }

    private static func program(_ programId: String, context: RequestContext) throws(ExposureErrorMessage) -> ScheduledProgram {
        guard let program = context.loaded.program(id: programId) else { throw unknownProgram(programId) }
        return program
    }

    private static func unknownProgram(_ programId: String) -> ExposureErrorMessage {
        ExposureErrorMessage(httpCode: 404, message: "UNKNOWN_ASSET", extendedMessage: "No program \"\(programId)\".")
    }
}
