import Clocks
import ExposureModels

/// A span of EPG time: programs overlapping `[from, to)`, or the program on air at `from` when
/// the span is empty.
struct EPGSpan: Equatable {
    let from: WallTime
    let to: WallTime
}

/// The page of programs an EPG request asks for (`pageNumber`, `pageSize`; `onlyPublished` is
/// read and checked, since every scheduled program is published).
///
/// Spans of any length are answered: the official SDK's `FetchEpg(...).channel(id:)` without a
/// filter asks for 1970 until now. Schedules number their airings arithmetically, so only the
/// page is built, never the decades before it.
struct EPGPage {
    let number: Int
    let size: Int

    init(_ context: RequestContext) throws(ExposureErrorMessage) {
        number = try context.intQuery("pageNumber", default: 1, in: 1...100_000_000)
        size = try context.intQuery("pageSize", default: 500, in: 1...5_000)
        _ = try context.boolQuery("onlyPublished", default: true)
    }

    /// Each channel's page over `span`, with the count of matching programs over all channels.
    func epgs(channelIds: [String], span: EPGSpan, context: RequestContext) throws(ExposureErrorMessage) -> [ChannelEpg] {
        var perChannel: [(schedule: any ProgramSchedule, airings: Range<Int64>)] = []
        for channelId in channelIds {
            let schedule = try ExposureAPI.schedule(channelId, context: context)
            perChannel.append((schedule, schedule.airings(from: span.from, to: span.to)))
        }
        let total = perChannel.reduce(Int64(0)) { $0 + Int64($1.airings.count) }
        return perChannel.map { schedule, airings in
            ChannelEpg(
                channelId: schedule.channelId,
                programs: page(of: airings).map { schedule.program(number: $0).wire(imageBase: context.baseURL) },
                totalHitsAllChannels: Int(clamping: total))
        }
    }

    /// The airing numbers of this page within `airings`.
    func page(of airings: Range<Int64>) -> Range<Int64> {
        let start = airings.lowerBound + Int64(number - 1) * Int64(size)
        let end = min(airings.upperBound, start + Int64(size))
        return start < end ? start..<end : start..<start
    }
}
